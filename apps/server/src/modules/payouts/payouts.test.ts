import {
  CODES,
  deleteBankCard,
  getWithdrawalRules,
  listBankCards,
  listWithdrawals,
  requestWithdrawal,
  saveBankCard,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  api,
  balanceOf,
  call,
  cardNumber,
  faceCheckedUser,
  idempotencyKey,
  passFaceCheck,
  REAL_NAME,
  registerUser,
  testJpeg,
  uploadFile,
  useTestApp,
  PAYMENT_PASSWORD,
} from '../../../test/harness.js';
import { DAY_MS } from '../../lib/clock.js';

const t = useTestApp();

const verifiedUser = (cash = 0, face = true) => faceCheckedUser(t, cash, face);

const addCard = (token: string, accountNumber = cardNumber(), extra: Record<string, string> = {}) =>
  api(t, saveBankCard, {
    token,
    body: { bank: 'Bank of Walking', holderName: REAL_NAME, accountNumber, ...extra },
  });
const listCards = async (token: string) => (await api(t, listBankCards, { token })).data;
const withdraw = (token: string, bankCardId: string, amount: number, key = idempotencyKey()) =>
  api(t, requestWithdrawal, {
    token,
    body: { amount, bankCardId, idempotencyKey: key, paymentPassword: PAYMENT_PASSWORD },
  });
const statement = async (token: string) => (await api(t, listWithdrawals, { token })).data;

describe('payout methods', () => {
  it('adds a card with the verified name, masking the number to its last 4 digits', async () => {
    const { token } = await verifiedUser();
    const number = cardNumber();
    const added = await addCard(token, `${number.slice(0, 4)} ${number.slice(4)}`);
    expect(added).toMatchObject({ code: CODES.OK, data: { holderName: REAL_NAME, bank: 'Bank of Walking' } });
    expect(added.data.accountMasked).toBe(`****${number.slice(-4)}`);
    expect(JSON.stringify(added)).not.toContain(number);
    expect(await listCards(token)).toEqual([added.data]);
  });

  it('needs a verified real name (1002) to add a card', async () => {
    const { token } = await registerUser(t);
    expect((await addCard(token)).code).toBe(CODES.REAL_NAME_REQUIRED);
    expect(await listCards(token)).toEqual([]);
  });

  it('refuses another holder name, a malformed number and a wrong check digit', async () => {
    const { token } = await verifiedUser();
    const otherName = await addCard(token, cardNumber(), { holderName: 'Wang Wei' });
    expect(otherName).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'Holder name: must be your verified real name',
    });
    expect((await addCard(token, cardNumber(), { holderName: '  li   NA ' })).code).toBe(CODES.OK);
    expect((await addCard(token, '12345678901')).message).toBe('Card number: must be 12 to 19 digits');
    const good = cardNumber();
    const badCheck = `${good.slice(0, -1)}${(Number(good.slice(-1)) + 1) % 10}`;
    expect(await addCard(token, badCheck)).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'Card number: the check digit is wrong; please check the number',
    });
    expect(await listCards(token)).toHaveLength(1);
  });

  it('keeps at most five, refuses the same card twice, and edits by id', async () => {
    const { token } = await verifiedUser();
    const numbers = Array.from({ length: 5 }, () => cardNumber());
    const cards = [];
    for (const number of numbers) cards.push((await addCard(token, number)).data);
    expect((await addCard(token)).code).toBe(CODES.BUSINESS_RULE);
    expect((await addCard(token, numbers[0])).code).toBe(CODES.CONFLICT);
    const first = cards[0]!;
    const replacement = cardNumber();
    const edited = await api(t, saveBankCard, {
      token,
      body: { id: first.id, bank: 'River Bank', holderName: REAL_NAME, accountNumber: replacement },
    });
    expect(edited.data).toMatchObject({
      id: first.id,
      bank: 'River Bank',
      accountMasked: `****${replacement.slice(-4)}`,
    });
    expect(await listCards(token)).toHaveLength(5);
  });
});

describe('two users', () => {
  it('see only their own cards and withdrawals, and cannot use, edit or delete each other’s', async () => {
    const alice = await verifiedUser(10_000);
    const bob = await verifiedUser(10_000);
    const aliceCard = (await addCard(alice.token)).data;
    const bobCard = (await addCard(bob.token)).data;
    const aliceWithdrawal = (await withdraw(alice.token, aliceCard.id, 2_000)).data;

    expect((await listCards(bob.token)).map((card) => card.id)).toEqual([bobCard.id]);
    expect((await statement(bob.token)).items).toEqual([]);
    expect((await statement(alice.token)).items.map((item) => item.id)).toEqual([aliceWithdrawal.id]);

    // Withdrawing to another user's card, and editing it, answer like a missing card.
    expect((await withdraw(bob.token, aliceCard.id, 2_000)).code).toBe(CODES.NOT_FOUND);
    expect(await balanceOf(t, bob.userId)).toBe(10_000);
    const edit = await api(t, saveBankCard, {
      token: bob.token,
      body: { id: aliceCard.id, bank: 'Mine now', holderName: REAL_NAME, accountNumber: cardNumber() },
    });
    expect(edit.code).toBe(CODES.NOT_FOUND);

    // Deleting another user's card answers exactly as deleting a missing one, and changes nothing.
    const foreign = await api(t, deleteBankCard, { params: { id: aliceCard.id }, token: bob.token });
    const missing = await api(t, deleteBankCard, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      token: bob.token,
    });
    expect(foreign).toEqual(missing);
    expect(foreign.code).toBe(CODES.NOT_FOUND);
    expect(await listCards(alice.token)).toEqual([aliceCard]);

    // Private images by id: another user's answers like a missing one.
    const image = await uploadFile(t, alice.token, await testJpeg(), { purpose: 'id_front' });
    const peek = await call(t.app, 'GET', image.data.url, { token: bob.token });
    expect(peek.code).toBe(CODES.NOT_FOUND);
  });

  it('delete their own card, which then disappears from the list but stays on its withdrawals', async () => {
    const { token } = await verifiedUser(10_000);
    const card = (await addCard(token)).data;
    const made = (await withdraw(token, card.id, 1_000)).data;
    expect(await api(t, deleteBankCard, { params: { id: card.id }, token })).toMatchObject({
      code: CODES.OK,
      data: { done: true },
    });
    expect(await listCards(token)).toEqual([]);
    expect((await api(t, deleteBankCard, { params: { id: card.id }, token })).code).toBe(CODES.NOT_FOUND);
    expect((await statement(token)).items[0]).toMatchObject({ id: made.id, bankCard: card });
    expect((await withdraw(token, card.id, 1_000)).code).toBe(CODES.NOT_FOUND);
  });
});

describe('withdrawals', () => {
  it('take the 1% fee (at least 1.00) out of the amount and move it to pending at once', async () => {
    const { token, userId } = await verifiedUser(1_000_000);
    const card = (await addCard(token)).data;
    const small = await withdraw(token, card.id, 1_000);
    expect(small.data).toMatchObject({ amount: 1_000, fee: 100, received: 900, status: 'pending' });
    const large = await withdraw(token, card.id, 300_050);
    expect(large.data).toMatchObject({ amount: 300_050, fee: 3_001, received: 297_049 });
    expect(large.data.timeline.map((event) => event.status)).toEqual(['requested']);
    expect(await balanceOf(t, userId)).toBe(1_000_000 - 1_000 - 300_050);
    expect(await t.app.services.ledger.balance({ kind: 'system', name: 'withdrawals-pending', asset: 'CNY' })).toBe(
      (
        await t.db
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.sum<number>('amount').as('s'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).s * 1,
    );
  });

  it('refuses below the minimum, beyond the balance and beyond the daily maximum', async () => {
    const { token, userId } = await verifiedUser(600_000);
    const card = (await addCard(token)).data;
    expect(await withdraw(token, card.id, 999)).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'The smallest withdrawal is 10.00',
    });
    expect((await withdraw(token, card.id, 450_000)).code).toBe(CODES.OK);
    expect(await withdraw(token, card.id, 60_000)).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'At most 5000.00 can be withdrawn a day; 500.00 is left today',
    });
    expect((await api(t, getWithdrawalRules, { token })).data).toMatchObject({
      min: 1_000,
      dailyMax: 500_000,
      todayLeft: 50_000,
      faceVerified: true,
      arrivalBusinessDays: 2,
    });
    // The business day turns at midnight UTC+8: the next day has its own maximum.
    t.clock.advance(DAY_MS);
    expect((await withdraw(token, card.id, 150_001)).code).toBe(CODES.INSUFFICIENT_FUNDS);
    expect((await withdraw(token, card.id, 60_000)).code).toBe(CODES.OK);
    expect(await balanceOf(t, userId)).toBe(600_000 - 450_000 - 60_000);
    // A refused withdrawal reserved nothing of the day.
    expect((await api(t, getWithdrawalRules, { token })).data.todayLeft).toBe(440_000);
  });

  it('need the face check once, with its own code and message', async () => {
    const { token, userId } = await verifiedUser(10_000, false);
    const card = (await addCard(token)).data;
    expect(await withdraw(token, card.id, 1_000)).toMatchObject({
      code: CODES.FACE_CHECK_REQUIRED,
      message: 'Please complete the one-time face check before your first withdrawal',
    });
    expect(await balanceOf(t, userId)).toBe(10_000);
    await passFaceCheck(t, token);
    expect((await withdraw(token, card.id, 1_000)).code).toBe(CODES.OK);
  });

  it('need a verified real name (1002)', async () => {
    const { token } = await registerUser(t);
    expect((await withdraw(token, 'any-card', 1_000)).code).toBe(CODES.REAL_NAME_REQUIRED);
  });

  it('are idempotent by key: a replay answers the first, a changed request conflicts', async () => {
    const { token, userId } = await verifiedUser(10_000);
    const card = (await addCard(token)).data;
    const key = idempotencyKey();
    const first = await withdraw(token, card.id, 2_000, key);
    const again = await withdraw(token, card.id, 2_000, key);
    expect(again.data).toEqual(first.data);
    expect((await withdraw(token, card.id, 3_000, key)).code).toBe(CODES.CONFLICT);
    const racing = await Promise.all(Array.from({ length: 5 }, () => withdraw(token, card.id, 1_000, 'same-key-race')));
    expect(new Set(racing.map((answer) => answer.data.id)).size).toBe(1);
    expect(await balanceOf(t, userId)).toBe(10_000 - 2_000 - 1_000);
  });

  it('lets exactly the number the balance covers through, of 50 parallel withdrawals of 10.00', async () => {
    const { token, userId } = await verifiedUser(10_000);
    const card = (await addCard(token)).data;
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(token, card.id, 1_000)));
    const succeeded = answers.filter((answer) => answer.code === CODES.OK);
    // The fee comes out of each 10.00, so 100.00 covers exactly ten.
    expect(succeeded).toHaveLength(10);
    expect(answers.filter((answer) => answer.code === CODES.INSUFFICIENT_FUNDS)).toHaveLength(40);
    expect(await balanceOf(t, userId)).toBe(0);
    expect((await statement(token)).total).toBe(10);
  });

  it('lists records newest first with their status timeline, filtered by status', async () => {
    const { token } = await verifiedUser(10_000);
    const card = (await addCard(token)).data;
    const first = (await withdraw(token, card.id, 1_000)).data;
    t.clock.advance(1_000);
    const second = (await withdraw(token, card.id, 2_000)).data;
    await t.app.services.admin.payouts.markPaid('alice-ops', first.id, 'REF-1');
    const all = await statement(token);
    expect(all.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(all.items[1]?.timeline.map((event) => event.status)).toEqual(['requested', 'paid']);
    const paid = await api(t, listWithdrawals, {
      token,
      query: { status: 'paid' },
    });
    expect(paid.data.items.map((item) => item.id)).toEqual([first.id]);
  });

  it('refunds a rejected withdrawal in full, once, and frees the day’s maximum', async () => {
    const { token, userId } = await verifiedUser(10_000);
    const card = (await addCard(token)).data;
    const made = (await withdraw(token, card.id, 5_000)).data;
    const rejected = await t.app.services.admin.payouts.reject('bob-ops', made.id, 'Account closed');
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'Account closed' });
    expect(rejected.timeline.map((event) => event.status)).toEqual(['requested', 'rejected', 'refunded']);
    expect(await balanceOf(t, userId)).toBe(10_000);
    await expect(t.app.services.admin.payouts.reject('bob-ops', made.id, 'again')).rejects.toThrow(
      /already settled \(rejected\)/,
    );
    await expect(t.app.services.admin.payouts.markPaid('bob-ops', made.id, 'REF-2')).rejects.toThrow(
      /already settled \(rejected\)/,
    );
    expect(await balanceOf(t, userId)).toBe(10_000);
    const rules = await api(t, getWithdrawalRules, { token });
    expect(rules.data.todayLeft).toBe(500_000);
    const refunds = await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'withdraw.refund')
      .where('idempotency_key', '=', `withdrawal:${made.id}:settle`)
      .execute();
    expect(refunds).toHaveLength(1);
  });

  it('says what the ledger refunded, fee included, and shows the paid one’s bank reference to its owner only', async () => {
    const { token } = await verifiedUser(10_000);
    const card = (await addCard(token)).data;
    const rejectedOne = (await withdraw(token, card.id, 5_000)).data;
    t.clock.advance(1_000);
    const paidOne = (await withdraw(token, card.id, 2_000)).data;
    expect(rejectedOne.fee).toBeGreaterThan(0);
    expect(rejectedOne).toMatchObject({ refunded: null, bankReference: null });
    await t.app.services.admin.payouts.reject('bob-ops', rejectedOne.id, 'Account closed');
    await t.app.services.admin.payouts.markPaid('alice-ops', paidOne.id, 'BANK-REF-77');
    const [paid, rejected] = (await statement(token)).items;
    expect(rejected).toMatchObject({ id: rejectedOne.id, refunded: 5_000, bankReference: null });
    expect(rejected?.received).toBe(5_000 - rejectedOne.fee);
    expect(paid).toMatchObject({ id: paidOne.id, refunded: null, bankReference: 'BANK-REF-77' });
    const other = await verifiedUser(1_000);
    expect(JSON.stringify(await statement(other.token))).not.toContain('BANK-REF-77');
  });
});
