import { defineModule, type Frame } from '../../lib/module.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { CaptchaRepository } from './captcha.repository.js';
import { CaptchaService, rasterCaptchaGenerator, type CaptchaGenerator } from './captcha.service.js';
import { captchaSettings, type CaptchaSettings } from './captcha.settings.js';

/**
 * The picture captcha in front of sign-in and sign-up (decisions 017 "Upload quotas, sign-up and captcha limits", 075
 * "A captcha people can read"); its endpoint is the accounts module's.
 */
export const captchaModule = defineModule({
  name: 'captcha',
  settings: captchaSettings,
  needs: ['limits'],
  build: (
    { db, clock, config, options }: Frame<CaptchaSettings, { captchaGenerator: CaptchaGenerator }>,
    { limits }: { limits: RateLimitService },
  ) => ({
    captcha: new CaptchaService(
      db,
      new CaptchaRepository(),
      clock,
      config.appSecret,
      options.captchaGenerator ?? rasterCaptchaGenerator,
      limits,
      config,
    ),
  }),
});
