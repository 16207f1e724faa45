import { JOB_NAMES } from '../../jobs.js';
import { defineJobs } from '../../lib/jobs/runner.js';
import { moduleJobs } from '../../modules/index.js';
import { UsageError, type Command } from '../command.js';

const every = (ms: number) =>
  ms <= 0 ? 'off' : ms % 60_000 === 0 ? `every ${ms / 60_000} min` : `every ${ms / 1000} s`;

/**
 * The background jobs (decision 055 "Background jobs in a queue"): what runs and how often, and one pass of one by
 * hand.
 */
export const JOB_COMMANDS: readonly Command[] = [
  {
    name: 'jobs list',
    usage: [
      '  jobs list                                               the background jobs, how often each runs, retries',
    ],
    run: ({ deps }) => {
      for (const job of moduleJobs(deps.services)) {
        deps.out(`${job.name}  ${every(job.everyMs)}  retries ${job.retryLimit}`);
      }
      return Promise.resolve();
    },
  },
  {
    name: 'jobs run',
    usage: [
      '  jobs run JOB                                            one pass of a background job now, beside the running',
      '                                                          servers (each unit of work is still done once)',
    ],
    run: async ({ deps, positionals }) => {
      const jobs = defineJobs(moduleJobs(deps.services));
      const name = positionals[2];
      const job = name ? jobs.get(name) : undefined;
      if (!job) throw new UsageError(`Name a job: ${Object.values(JOB_NAMES).join(', ')}.`);
      deps.out(`${job.name}: ${JSON.stringify(await job.handler())}`);
    },
  },
];
