import { CODES, getCaptcha, requestRegisterCode } from '@stride/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uniqueAccount, useTestApp, api } from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';
import { rasterCaptchaGenerator, type CaptchaGenerator } from './captcha.service.js';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from './raster-captcha.js';

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
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
    const text = seen.at(-1) ?? '';
    expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
    expect(png.toString('latin1').toLowerCase()).not.toContain(text.toLowerCase());
    const signUp = await api(t, requestRegisterCode, {
      body: { account: uniqueAccount(), captchaId: answer.data.captchaId, captchaCode: text },
    });
    expect(signUp.code).toBe(CODES.OK);
  });

  it('takes the answer without regard to case or spaces, and spends a wrong one', async () => {
    // The picture shows capitals; a phone keyboard types lower case, and some people leave gaps.
    const first = await issue('10.2.0.5');
    const text = seen.at(-1) ?? '';
    const typed = ` ${text.slice(0, 2).toLowerCase()} ${text.slice(2).toLowerCase()} `;
    const accepted = await api(t, requestRegisterCode, {
      body: { account: uniqueAccount(), captchaId: first.data.captchaId, captchaCode: typed },
    });
    expect(accepted.code).toBe(CODES.OK);

    const second = await issue('10.2.0.5');
    const wrong = [...(seen.at(-1) ?? '')].map((char) => (char === 'A' ? 'C' : 'A')).join('');
    const refused = await api(t, requestRegisterCode, {
      body: { account: uniqueAccount(), captchaId: second.data.captchaId, captchaCode: wrong },
    });
    expect(refused.code).toBe(CODES.CAPTCHA_INVALID);
    const again = await api(t, requestRegisterCode, {
      body: { account: uniqueAccount(), captchaId: second.data.captchaId, captchaCode: seen.at(-1) ?? '' },
    });
    expect(again.code).toBe(CODES.CAPTCHA_INVALID);
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
