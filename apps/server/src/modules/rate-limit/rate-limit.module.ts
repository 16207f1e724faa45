import { defineModule, type Frame } from '../../lib/module.js';
import { RateLimitRepository } from './rate-limit.repository.js';
import { RateLimitService } from './rate-limit.service.js';

/**
 * Fixed-window counters in the database, which sign-in, sign-up, captcha and upload limits count on (decisions 004
 * "Sessions, passwords, captcha and rate limits", 017 "Upload quotas, sign-up and captcha limits").
 */
export const rateLimitModule = defineModule({
  name: 'rate-limit',
  build: ({ db, clock }: Frame) => ({
    limits: new RateLimitService(db, new RateLimitRepository(), clock),
  }),
});
