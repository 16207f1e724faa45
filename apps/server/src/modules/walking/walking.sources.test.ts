import { CODES, getHome, reportSteps } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, useTestApp } from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';

// Each source's count per day, the day crediting the highest, and refused reports kept for the
// day's receipt (docs/decisions/029-steps-from-every-source.md).

const t = useTestApp();

const localTime = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+08:00`);
const DAY = '2026-11-22';

function report(
  token: string,
  steps: number,
  extra: { device?: string; source?: 'web' | 'companion'; day?: string } = {},
) {
  const { day = DAY, ...rest } = extra;
  return api(t, reportSteps, { token, body: { day, steps, ...rest } });
}

function sourcesOf(userId: string) {
  return t.db
    .selectFrom('step_sources')
    .select(['source', 'kind', 'steps'])
    .where('user_id', '=', userId)
    .orderBy('source')
    .execute();
}

function refusalsOf(userId: string) {
  return t.db
    .selectFrom('step_refusals')
    .select(['day', 'source', 'kind', 'steps', 'reason', 'limit_steps'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('day')
    .execute();
}

describe('reportSteps (POST /api/steps) from several sources', () => {
  it('keeps each device’s count and credits the highest, never the sum', async () => {
    t.clock.set(localTime(DAY, '12:00'));
    const { token, userId } = await registerUser(t);
    const phone = await report(token, 6_000, { device: 'phone-0001' });
    expect(phone.data).toMatchObject({ day: DAY, steps: 6_000, sourceSteps: 6_000, review: null });
    const watch = await report(token, 4_000, { device: 'watch-0001', source: 'companion' });
    // The watch counted the same walk: the day stays at the phone's count.
    expect(watch.data).toMatchObject({ steps: 6_000, sourceSteps: 4_000 });
    t.clock.advance(10 * MINUTE_MS);
    const watchLater = await report(token, 7_000, { device: 'watch-0001', source: 'companion' });
    expect(watchLater.data).toMatchObject({ steps: 7_000, sourceSteps: 7_000 });
    expect((await api(t, getHome, { token })).data.steps).toBe(7_000);
    expect(await sourcesOf(userId)).toEqual([
      { source: 'companion:watch-0001', kind: 'companion', steps: 7_000 },
      { source: 'web:phone-0001', kind: 'web', steps: 6_000 },
    ]);
  });

  it('checks the rate per source, from that source’s own last report', async () => {
    t.clock.set(localTime(DAY, '10:00'));
    const { token } = await registerUser(t);
    expect((await report(token, 5_000, { device: 'phone-0002' })).code).toBe(1);
    t.clock.advance(MINUTE_MS);
    // A second device counted since midnight: ten hours allow far more than its 8,000.
    expect((await report(token, 8_000, { device: 'watch-0002' })).data.steps).toBe(8_000);
    // The first device may add at most 300 in the minute since its own report.
    const tooFast = await report(token, 5_301, { device: 'phone-0002' });
    expect(tooFast.code).toBe(CODES.BUSINESS_RULE);
    expect(tooFast.message).toContain('at most 5300');
    expect((await report(token, 5_300, { device: 'phone-0002' })).data).toMatchObject({
      steps: 8_000,
      sourceSteps: 5_300,
    });
  });

  it('keeps refused reports for the receipt: too fast, over the cap, and late', async () => {
    t.clock.set(localTime(DAY, '00:10'));
    const { token, userId } = await registerUser(t);
    expect((await report(token, 3_001)).code).toBe(CODES.BUSINESS_RULE);
    t.clock.set(localTime(DAY, '23:00'));
    expect((await report(token, 500, { day: '2026-11-19' })).code).toBe(CODES.BUSINESS_RULE);
    // A day in the future is refused without a record.
    expect((await report(token, 500, { day: '2026-11-23' })).code).toBe(CODES.BUSINESS_RULE);
    expect(await refusalsOf(userId)).toEqual([
      { day: DAY, source: 'web', kind: 'web', steps: 3_001, reason: 'rate', limit_steps: 3_000 },
      { day: '2026-11-19', source: 'web', kind: 'web', steps: 500, reason: 'late', limit_steps: null },
    ]);
  });

  it('records a count over a lower configured cap as a cap refusal and credits the cap', async () => {
    const capped = await createTestApp({ STEPS_DAILY_CAP: '20000' });
    try {
      capped.clock.set(localTime(DAY, '23:00'));
      const { token, userId } = await registerUser(capped);
      const answer = await api(capped, reportSteps, { token, body: { day: DAY, steps: 25_000 } });
      expect(answer.data).toMatchObject({ steps: 20_000, sourceSteps: 20_000 });
      const refusals = await capped.db
        .selectFrom('step_refusals')
        .select(['steps', 'reason', 'limit_steps'])
        .where('user_id', '=', userId)
        .execute();
      expect(refusals).toEqual([{ steps: 25_000, reason: 'cap', limit_steps: 20_000 }]);
    } finally {
      await capped.close();
    }
  });

  it('keeps another user’s sources apart', async () => {
    t.clock.set(localTime(DAY, '12:00'));
    const first = await registerUser(t);
    const second = await registerUser(t);
    await report(first.token, 3_000, { device: 'shared-0001' });
    await report(second.token, 1_000, { device: 'shared-0001' });
    expect((await api(t, getHome, { token: first.token })).data.steps).toBe(3_000);
    expect((await api(t, getHome, { token: second.token })).data.steps).toBe(1_000);
  });
});
