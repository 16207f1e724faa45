import { CODES, getCaptcha, requestRegisterCode } from '@stride/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uniqueAccount, useTestApp, api } from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';
import { rasterCaptchaGenerator, type CaptchaGenerator } from './captcha.service.js';

/** The production generator, remembering each answer the way a person reads it off the picture. */
const seen: string[] = [];
const production: CaptchaGenerator = {
  async create() {
    const image = await rasterCaptchaGenerator.create();
    seen.push(image.text);
    return image;
  },
};

const t = useTestApp({ CAPTCHA_MAX_PER_ADDRESS: '5', CAPTCHA_WINDOW_MINUTES: '10' }, { captchaGenerator: production });

const issue = (remoteAddress: string, language?: string) =>
  api(t, getCaptcha, { remoteAddress, ...(language ? { language } : {}) });
const captchaRows = async () => (await t.db.selectFrom('captchas').select('id').execute()).map((row) => row.id);

describe('captcha picture', () => {
  it('is a PNG whose bytes hold no answer, and a person who reads it can ask for a sign-up code', async () => {
    const answer = await issue('10.2.0.1');
    expect(answer.data.image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(answer.data.image.slice('data:image/png;base64,'.length), 'base64');
    expect((await sharp(png).metadata()).format).toBe('png');
    const text = seen.at(-1) ?? '';
    expect(text).toMatch(/^[a-z2-9]{4}$/);
    expect(png.toString('latin1').toLowerCase()).not.toContain(text);
    const signUp = await api(t, requestRegisterCode, {
      body: { account: uniqueAccount(), captchaId: answer.data.captchaId, captchaCode: text },
    });
    expect(signUp.code).toBe(CODES.OK);
  });
});

describe('captcha issuing', () => {
  it('is limited per address, also when the requests arrive together', async () => {
    const before = await captchaRows();
    const answers = await Promise.all(Array.from({ length: 9 }, () => issue('10.2.0.2')));
    expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.code !== CODES.OK);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer).toMatchObject({ code: CODES.RATE_LIMITED, data: null });
      expect(answer.message).toMatch(/^Too many captcha requests\. Please try again in \d+ minutes\.$/);
    }
    expect((await captchaRows()).length - before.length).toBe(5);
    expect((await issue('10.2.0.2', 'zh-Hans')).message).toMatch(/^图形验证码请求过多，请 \d+ 分钟后再试。$/);
    // Another address is not affected, and the window passes.
    expect((await issue('10.2.0.3')).code).toBe(CODES.OK);
    t.clock.advance(10 * MINUTE_MS);
    expect((await issue('10.2.0.2')).code).toBe(CODES.OK);
  });

  it('removes expired captchas as soon as they expire', async () => {
    const first = await issue('10.2.0.4');
    expect(await captchaRows()).toContain(first.data.captchaId);
    t.clock.advance(5 * MINUTE_MS);
    const second = await issue('10.2.0.4');
    const rows = await captchaRows();
    expect(rows).not.toContain(first.data.captchaId);
    expect(rows).toContain(second.data.captchaId);
  });
});
