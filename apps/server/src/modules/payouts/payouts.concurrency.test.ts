import { CODES, requestWithdrawal, saveBankCard } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  api,
  balanceOf,
  cardNumber,
  faceCheckedUser,
  idempotencyKey,
  REAL_NAME,
  useTestApp,
  PAYMENT_PASSWORD,
} from '../../../test/harness.js';

const t = useTestApp({ BANK_CARDS_MAX: '3' });

const verifiedUser = (cash = 0) => faceCheckedUser(t, cash);

const addCard = (token: string, accountNumber = cardNumber()) =>
  api(t, saveBankCard, {
    token,
    language: 'es',
    body: { bank: 'Bank of Walking', holderName: REAL_NAME, accountNumber },
  });
const liveCards = (userId: string) =>
  t.db.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).execute();

describe('payout methods under concurrent adds', () => {
  it('lets exactly BANK_CARDS_MAX of 12 parallel adds through', async () => {
    const user = await verifiedUser();
    const answers = await Promise.all(Array.from({ length: 12 }, () => addCard(user.token)));
    expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.code !== CODES.OK);
    expect(refused).toHaveLength(9);
    for (const answer of refused) expect(answer.code).toBe(CODES.BUSINESS_RULE);
    expect(await liveCards(user.userId)).toHaveLength(3);
  });

  it('adds one card number once, of 12 parallel adds of it', async () => {
    const user = await verifiedUser();
    const number = cardNumber();
    const answers = await Promise.all(Array.from({ length: 12 }, () => addCard(user.token, number)));
    expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.code !== CODES.OK)) {
      expect(answer).toMatchObject({ code: CODES.CONFLICT, message: 'Esta tarjeta ya es uno de tus métodos de cobro' });
    }
    expect(await liveCards(user.userId)).toHaveLength(1);
  });
});

describe('withdrawals under concurrent requests', () => {
  it('makes one pending withdrawal of 12 parallel requests with one key, debited once', async () => {
    const user = await verifiedUser(50_000);
    const card = await addCard(user.token);
    const key = idempotencyKey();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        api(t, requestWithdrawal, {
          token: user.token,
          body: { amount: 10_000, bankCardId: card.data.id, idempotencyKey: key, paymentPassword: PAYMENT_PASSWORD },
        }),
      ),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(12).fill(CODES.OK));
    expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
    const rows = await t.db.selectFrom('withdrawals').selectAll().where('user_id', '=', user.userId).execute();
    expect(rows).toHaveLength(1);
    expect(await balanceOf(t, user.userId)).toBe(40_000);
    const day = await t.db
      .selectFrom('withdrawal_days')
      .select('total')
      .where('user_id', '=', user.userId)
      .executeTakeFirst();
    expect(day?.total).toBe(10_000);
  });
});
