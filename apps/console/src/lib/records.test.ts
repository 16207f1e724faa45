import { LEDGER_TYPES, OPERATOR_ACTIONS, OPERATOR_SUBJECT_TYPES } from '@stride/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_LANGUAGES, LOCALES, translator, type MessageKey } from '../locales';
import { actionName, auditFacts, kindName, statementSummary, subjectName, subjectScreen } from './records';

afterEach(() => {
  vi.restoreAllMocks();
});

// The server writes only the kinds in these lists (LEDGER_TYPES, OPERATOR_ACTIONS,
// OPERATOR_SUBJECT_TYPES): each one has a name in every language of the console (decision 080 "A console a new operator
// can read").
describe.each(CONSOLE_LANGUAGES)('names in %s', (language) => {
  const messages: Readonly<Record<string, string>> = LOCALES[language];
  const named = (prefix: string, keys: readonly string[]) =>
    keys.filter((key) => !(messages[`${prefix}${key}`] ?? '').trim());

  it('names every ledger kind the server posts', () => {
    expect(named('ledger.kind.', LEDGER_TYPES)).toEqual([]);
  });

  it('names every action the server records in the audit log', () => {
    expect(named('audit.action.', OPERATOR_ACTIONS)).toEqual([]);
  });

  it('names every kind of subject an action is recorded against', () => {
    expect(named('audit.subject.', OPERATOR_SUBJECT_TYPES)).toEqual([]);
  });

  it('never falls back to the raw key for a kind it knows', () => {
    const t = translator(language);
    for (const kind of LEDGER_TYPES) {
      expect(kindName(t, kind)).not.toBe(t('ledger.kind.unknown', { kind }));
      expect(kindName(t, kind)).not.toBe(kind);
    }
    for (const action of OPERATOR_ACTIONS) {
      expect(actionName(t, action)).not.toBe(t('audit.action.unknown', { action }));
      expect(actionName(t, action)).not.toBe(action);
    }
  });
});

describe('rows in sentences', () => {
  const t = translator('en');

  it('names a kind the console does not know by its key, not as a blank', () => {
    expect(kindName(t, 'new.kind')).toBe('Other movement (new.kind)');
    expect(actionName(t, 'new.action')).toBe('Other action (new.action)');
    expect(subjectName(t, 'thing')).toBe('Other (thing)');
  });

  it('tells a statement row: what, how much, to or from whom, the balance after', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const user = '138****0000';
    expect(
      statementSummary(t, 'en', { type: 'card.cashback', amount: 123_456, balanceAfter: 1_000_000 }, 'CNY', user),
    ).toBe('Member card cash back: ¥1,234.56 to 138****0000; balance ¥10,000.00');
    expect(
      statementSummary(t, 'en', { type: 'shop.order', amount: -12_000, balanceAfter: 3_500 }, 'POINTS', user),
    ).toBe('Goods bought with points: 12,000 from 138****0000; balance 3,500');
    expect(
      statementSummary(
        translator('zh-Hans'),
        'zh-Hans',
        { type: 'card.cashback', amount: 120, balanceAfter: 120 },
        'CNY',
        user,
      ),
    ).toBe('会员卡返现：138****0000 增加 ¥1.20，余额 ¥1.20');
  });

  it('tells the facts of an audit row with amounts formatted', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(
      auditFacts(
        {
          detail: { direction: 'debit', asset: 'CNY', amount: 125_000, reason: 'double credit' },
          before: null,
          after: null,
        },
        t,
        'en',
      ),
    ).toEqual(['amount -¥1,250.00', 'reason: double credit']);
    expect(
      auditFacts(
        { detail: { userIds: ['a', 'b'] }, before: { status: 'to_ship' }, after: { status: 'shipped' } },
        t,
        'en',
      ),
    ).toEqual(['status to_ship → shipped', '2 shown']);
    expect(auditFacts({ detail: { day: '2026-03-04', points: 1500 }, before: null, after: null }, t, 'en')).toEqual([
      '1,500 points',
      'day 03/04/2026',
    ]);
  });

  it('points each kind of subject the console lists at its screen', () => {
    expect(subjectScreen('withdrawal')).toBe('withdrawals');
    expect(subjectScreen('step-day')).toBe('flagged-days');
    expect(subjectScreen('rules')).toBe('earning-rules');
    expect(subjectScreen('nothing')).toBeNull();
  });

  it('has no name left over for a kind the server no longer writes', () => {
    const en: Readonly<Record<string, string>> = LOCALES.en;
    const stale = (prefix: string, keys: readonly string[]) =>
      Object.keys(en)
        .filter((key) => key.startsWith(prefix) && !key.endsWith('.unknown'))
        .filter((key) => !keys.includes(key.slice(prefix.length)));
    expect(stale('ledger.kind.', LEDGER_TYPES)).toEqual([]);
    expect(stale('audit.action.', OPERATOR_ACTIONS)).toEqual([]);
    expect(stale('audit.subject.', OPERATOR_SUBJECT_TYPES)).toEqual([]);
    const key: MessageKey = 'audit.summary';
    expect(en[key]).toBe('Summary');
  });
});
