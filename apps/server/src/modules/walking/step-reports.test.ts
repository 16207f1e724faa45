import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../../../test/harness.js';
import type { StepSourceRef } from './step-reports.js';

// A refused report is a value the caller reads, not an error it catches (decision 091 "Walking split by job"); the
// endpoints' answers to it are tested with POST /api/steps (walking.test.ts, walking.sources.test.ts).

const t = useTestApp();

const localTime = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+08:00`);
const DAY = '2026-11-22';
const SOURCE: StepSourceRef = { key: 'device:tok-refused', kind: 'device' };

function refusalsOf(userId: string) {
  return t.db
    .selectFrom('step_refusals')
    .select(['day', 'source', 'steps', 'reason', 'limit_steps'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

describe('a refused step report', () => {
  it('comes back as the refusal of a day not open, late days kept for the receipt', async () => {
    t.clock.set(localTime(DAY, '12:00'));
    const { userId } = await registerUser(t);
    const refusal = { refused: 'dayNotOpen', today: DAY, yesterday: '2026-11-21' };
    await expect(t.app.services.stepReports.recordSteps(userId, SOURCE, '2026-11-19', 500)).resolves.toEqual(refusal);
    await expect(t.app.services.stepReports.recordSteps(userId, SOURCE, '2026-11-23', 500)).resolves.toEqual(refusal);
    expect(await refusalsOf(userId)).toEqual([
      { day: '2026-11-19', source: SOURCE.key, steps: 500, reason: 'late', limit_steps: null },
    ]);
  });

  it('comes back as the refusal of too many steps for the time, with the most allowed now', async () => {
    t.clock.set(localTime(DAY, '00:10'));
    const { userId } = await registerUser(t);
    await expect(t.app.services.stepReports.recordSteps(userId, SOURCE, DAY, 3_001)).resolves.toEqual({
      refused: 'tooFast',
      max: 3_000,
    });
    expect(await refusalsOf(userId)).toEqual([
      { day: DAY, source: SOURCE.key, steps: 3_001, reason: 'rate', limit_steps: 3_000 },
    ]);
    // Nothing of the refused report was credited.
    const accepted = await t.app.services.stepReports.recordSteps(userId, SOURCE, DAY, 3_000);
    expect(accepted).toMatchObject({ day: DAY, steps: 3_000, sourceSteps: 3_000 });
  });
});
