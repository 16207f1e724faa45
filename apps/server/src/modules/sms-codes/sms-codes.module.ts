import { defineModule, type Frame } from '../../lib/module.js';
import type { OutboxSender } from '../outbox/outbox.service.js';
import type { OutboxSettings } from '../outbox/outbox.settings.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { SmsCodesRepository } from './sms-codes.repository.js';
import { SmsCodesService } from './sms-codes.service.js';

/**
 * SMS codes for sign-up and password reset, sent through the outbox (decisions 034 "SMS delivery and codes", 035 "Phone
 * ownership at sign-up"); its limits are SMS_CODE_*.
 */
export const smsCodesModule = defineModule({
  name: 'sms-codes',
  needs: ['limits', 'outbox'],
  build: (
    { db, clock, config }: Frame<OutboxSettings>,
    { limits, outbox }: { limits: RateLimitService; outbox: OutboxSender },
  ) => ({
    /** SMS codes for sign-up and password reset (decision 034 "SMS delivery and codes"). */
    smsCodes: new SmsCodesService(db, new SmsCodesRepository(), limits, outbox, clock, config),
  }),
});
