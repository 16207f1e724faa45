import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderConfigurationDoc } from './configuration-doc.js';

describe('docs/configuration.md', () => {
  it('is what the settings in the code say: run npm run docs:config after changing a variable', () => {
    const file = readFileSync(new URL('../../../../docs/configuration.md', import.meta.url), 'utf8');
    expect(file).toBe(renderConfigurationDoc());
  });

  it('describes every variable, the frame and each module under its own heading', () => {
    const doc = renderConfigurationDoc();
    expect(doc).toContain('## The frame');
    expect(doc).toMatch(/^\| `APP_SECRET` \| generated into `DATA_DIR\/demo-secret` in demo mode \|/m);
    expect(doc).toMatch(/^## walking$/m);
    expect(doc).toMatch(/^\| `STEPS_DAILY_CAP` \| `100000` \| whole number, 1–100,000 \|/m);
  });
});
