import { AppError } from '../../http/errors.js';
import { BusinessCalendar } from '../../lib/business-day.js';
import { readHealthExport } from './health-export.js';
import type { ReaderAnswer, ReaderJob } from './export-reader.js';

// The child process that reads one health export (decision 030 "Step-source tokens and health imports"): it receives
// the job over IPC, reads the file with readHealthExport and answers the days, or the refusal, then exits. Its
// memory is its own: whatever a 4 GB export costs to parse never stays in the server.

function answer(message: ReaderAnswer): Promise<void> {
  return new Promise((resolve) => process.send?.(message, () => resolve()));
}

process.once('message', (job: ReaderJob) => {
  void (async () => {
    try {
      const days = await readHealthExport(
        job.kind,
        job.file,
        new BusinessCalendar(job.utcOffsetMinutes),
        job.today,
        job.limits,
      );
      await answer({ days, maxRssKb: process.resourceUsage().maxRSS });
    } catch (error) {
      await answer(
        error instanceof AppError
          ? { refusal: { code: error.code, messageKey: error.messageKey, values: error.values } }
          : { failure: error instanceof Error ? error.message : String(error) },
      );
    } finally {
      process.disconnect();
    }
  })();
});
