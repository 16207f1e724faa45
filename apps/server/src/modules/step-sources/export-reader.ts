import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CODES, type CodeName, type HealthImportKind } from '@stride/contract';
import { AppError } from '../../http/errors.js';
import type { MessageKey } from '../../locales/index.js';
import type { ExportLimits, ImportedDay } from './health-export.js';

// Reading a health export in a child process (decision 030 "Step-source tokens and health imports"): parsing gigabytes
// of XML takes a minute of CPU and tens of megabytes of short-lived memory, which belong neither on the server's
// event loop nor in its resident memory. One child per import (imports are rate-limited per user).

export interface ReaderJob {
  kind: HealthImportKind;
  file: string;
  utcOffsetMinutes: number;
  today: string;
  limits: ExportLimits;
}

export type ReaderAnswer =
  | { days: ImportedDay[]; maxRssKb: number }
  | { refusal: { code: number; messageKey: MessageKey; values: Record<string, string | number> } }
  | { failure: string };

/**
 * The worker next to this module: its TypeScript source (tests and `npm run ops` run the sources
 * through tsx), or in the server bundle the `export-reader.worker.mjs` that scripts/build-server.mjs
 * writes next to `main.mjs`.
 */
function workerEntry(): { path: string; execArgv: string[] } {
  const isSource = import.meta.url.endsWith('.ts');
  const file = isSource ? './export-reader.worker.ts' : './export-reader.worker.mjs';
  return { path: fileURLToPath(new URL(file, import.meta.url)), execArgv: isSource ? ['--import', 'tsx'] : [] };
}

const codeName = (code: number): CodeName =>
  (Object.keys(CODES) as CodeName[]).find((name) => CODES[name] === code) ?? 'VALIDATION_FAILED';

/** The days of a health export, read by a child process; its refusals are the reader's own errors. */
export function readHealthExportApart(job: ReaderJob): Promise<{ days: ImportedDay[]; maxRssKb: number }> {
  const worker = workerEntry();
  return new Promise((resolve, reject) => {
    const child = fork(worker.path, [], {
      execArgv: worker.execArgv,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    child.once('message', (message: ReaderAnswer) => {
      settle(() => {
        if ('days' in message) resolve(message);
        else if ('refusal' in message) {
          const { code, messageKey, values } = message.refusal;
          reject(new AppError(codeName(code), messageKey, values));
        } else reject(new Error(`health export reader failed: ${message.failure}`));
      });
    });
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code, signal) =>
      settle(() => reject(new Error(`health export reader exited (${signal ?? code}) without an answer`))),
    );
    child.send(job);
  });
}
