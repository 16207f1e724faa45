import { describe, expect, it } from 'vitest';
import { listMoneyStatement } from '../endpoints/walking.js';
import { LEDGER_TYPES, STATEMENT_TYPES, isStatementType } from './index.js';

describe('ledger and statement types', () => {
  it('list each kind once, the statement types among them, withdrawals included', () => {
    expect(new Set(LEDGER_TYPES).size).toBe(LEDGER_TYPES.length);
    for (const type of STATEMENT_TYPES) expect(LEDGER_TYPES).toContain(type);
    expect(STATEMENT_TYPES).toEqual(expect.arrayContaining(['withdraw.request', 'withdraw.refund']));
    expect(isStatementType('exchange')).toBe(true);
    expect(isStatementType('points.collect')).toBe(false);
  });

  it('are the only types the funds statement can be filtered by', () => {
    const { query } = listMoneyStatement;
    if (!query) throw new Error('the statement takes a query');
    for (const type of STATEMENT_TYPES) expect(query.safeParse({ type }).success).toBe(true);
    const unknown = query.safeParse({ type: 'withdraw' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe('rule.statementType');
  });
});
