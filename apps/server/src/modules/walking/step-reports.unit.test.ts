import { CODES } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { answerReport, isRefusal, type StepReportResult } from './step-reports.js';

const ACCEPTED: StepReportResult = { day: '2026-11-22', steps: 4_000, sourceSteps: 4_000, cashBack: 0, review: null };

function thrown(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('answerReport', () => {
  it('answers an accepted report as it is', () => {
    expect(isRefusal(ACCEPTED)).toBe(false);
    expect(answerReport(ACCEPTED)).toBe(ACCEPTED);
  });

  it('turns a refusal into the error the endpoints have always answered', () => {
    const closed = thrown(() => answerReport({ refused: 'dayNotOpen', today: '2026-11-22', yesterday: '2026-11-21' }));
    expect(closed).toMatchObject({
      code: CODES.BUSINESS_RULE,
      messageKey: 'stepsDayOutOfRange',
      values: { today: '2026-11-22', yesterday: '2026-11-21' },
    });
    const fast = thrown(() => answerReport({ refused: 'tooFast', max: 5_300 }));
    expect(fast).toMatchObject({ code: CODES.BUSINESS_RULE, messageKey: 'stepsTooFast', values: { max: 5_300 } });
  });
});
