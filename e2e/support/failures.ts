import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { openBrowsers } from './browser';

const FAILURE_DIR = fileURLToPath(new URL('../../test-results/failures', import.meta.url));

/**
 * When a journey fails, every page it left open says where it was and what it showed: its address
 * and visible text go to the log (all a CI run keeps), and a screenshot goes to
 * test-results/failures/. A race seen once in CI can then be read instead of guessed.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  mkdirSync(FAILURE_DIR, { recursive: true });
  const name = task.name.replace(/\W+/g, '-').slice(0, 80);
  let index = 0;
  for (const browser of openBrowsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        index += 1;
        const file = path.join(FAILURE_DIR, `${name}-${index}.png`);
        const text = await page
          .evaluate(() => document.body.innerText)
          .catch((error: unknown) => `(no text: ${String(error)})`);
        await page.screenshot({ path: file }).catch(() => undefined);
        process.stdout.write(
          `\n── page ${index} at the failure of "${task.name}": ${page.url()}\n${text.slice(0, 3000)}\n── screenshot: ${file}\n`,
        );
      }
    }
  }
});
