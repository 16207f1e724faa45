import { randomUUID } from 'node:crypto';
import {
  LANGUAGES,
  checkIdNumber,
  normalizeIdNumber,
  type CardPlan,
  type Language,
  type MembershipOrder,
  type MyCard,
  type Policy,
} from '@stride/contract';
import type { PaymentsSettings } from '../payments/payments.settings.js';
import type { CardsSettings } from './cards.settings.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pageResult, pageWindow, retryOnUniqueViolation } from '../../db/retry.js';
import { AppError, notFound } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { MINUTE_MS, type Clock } from '../../lib/clock.js';
import { maskIdNumber, randomDigits, requestHash, type FieldCipher } from '../../lib/secrets.js';
import type { CashCap } from '../economy/economy.caps.js';
import type { PaymentPasswordsService } from '../payment-passwords/payment-passwords.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import {
  NOTIFICATION_PAGES,
  type Localized,
  type NotificationsService,
} from '../notifications/notifications.service.js';
import { planName, toCardPlan, toMembershipOrder, toMyCard, toPolicy } from './cards.mapper.js';
import type { CardWithPlanRow, CardsRepository, OrderRow } from './cards.repository.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';

/** A membership order as stored, for the payments module. */
export type MembershipOrderRow = OrderRow;

export type PolicyClaim =
  | { who: 'self' }
  | { who: 'family'; name: string; idNumber: string; relation: 'spouse' | 'parent' | 'child' | 'sibling' };

/**
 * Member cards: plans, membership orders paid by balance (online payment lives in the payments
 * module and calls `activateOrder`), the wallet, daily cash back and the complimentary policy.
 */
export class CardsService {
  constructor(
    private readonly db: Db,
    private readonly repository: CardsRepository,
    private readonly ledger: LedgerService,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: CardsSettings & PaymentsSettings,
    private readonly notifications: NotificationsService,
    private readonly cashCap: CashCap,
    private readonly paymentPasswords: PaymentPasswordsService,
  ) {}

  private today(): string {
    return this.calendar.dayOf(this.clock.now());
  }

  async listPlans(language: Language): Promise<CardPlan[]> {
    const rows = await this.repository.listPlans(this.db);
    return rows.map((row) => toCardPlan(row, this.config.insuranceCoverage, language));
  }

  /**
   * Creates a membership order. By balance, the debit, the order and the card commit together or
   * not at all; online, the order waits for a payment.
   */
  async buy(
    userId: string,
    input: { planId: string; payWith: 'balance' | 'online'; idempotencyKey: string; paymentPassword?: string },
    language: Language,
  ): Promise<MembershipOrder> {
    // Money leaving the balance asks for the payment password first (docs/product/payment-password.md).
    if (input.payWith === 'balance') await this.paymentPasswords.verify(userId, input.paymentPassword);
    const key = `${userId}:card.buy:${input.idempotencyKey}`;
    const fingerprint = { planId: input.planId, payWith: input.payWith };
    const hash = requestHash(fingerprint);
    return retryOnUniqueViolation(() =>
      this.db.transaction().execute(async (trx) => {
        const now = this.clock.now();
        const existing = await this.repository.findOrderByKey(trx, key);
        if (existing) {
          if (existing.request_hash !== hash || existing.user_id !== userId) throw new AppError('CONFLICT', 'conflict');
          const plan = await this.repository.findPlan(trx, existing.plan_id);
          return toMembershipOrder(existing, plan ? planName(plan, language) : '', now);
        }
        const plan = await this.repository.findPlan(trx, input.planId);
        if (!plan || plan.is_active !== 1) throw notFound();
        const byBalance = input.payWith === 'balance';
        const order: OrderRow = {
          id: randomUUID(),
          user_id: userId,
          plan_id: plan.id,
          amount: plan.price,
          pay_with: input.payWith,
          status: byBalance ? 'paid' : 'pending',
          idempotency_key: key,
          request_hash: hash,
          created_at: now,
          expires_at: now + this.config.payments.orderExpiryMinutes * MINUTE_MS,
          paid_at: byBalance ? now : null,
          payment_id: null,
          cancelled_at: null,
        };
        await this.repository.insertOrder(trx, order);
        if (byBalance) {
          await this.ledger.post(trx, {
            kind: 'card.buy',
            legs: [
              { account: { kind: 'user', userId, asset: 'CNY' }, amount: -plan.price },
              { account: { kind: 'system', name: 'sales', asset: 'CNY' }, amount: plan.price },
            ],
            idempotencyKey: key,
            fingerprint,
            memo: `order ${order.id}`,
          });
          await this.activateOrder(trx, order, now);
        }
        return toMembershipOrder(order, planName(plan, language), now);
      }),
    );
  }

  /** A paid order becomes a card starting today and its unclaimed policy. */
  async activateOrder(trx: Executor, order: OrderRow, now: number): Promise<void> {
    const plan = await this.repository.findPlan(trx, order.plan_id);
    if (!plan) throw new Error(`plan ${order.plan_id} of order ${order.id} is missing`);
    const startsOn = this.calendar.dayOf(now);
    const endsOn = this.calendar.addDays(startsOn, plan.days - 1);
    const cardId = randomUUID();
    await this.repository.insertCard(trx, {
      id: cardId,
      user_id: order.user_id,
      plan_id: plan.id,
      order_id: order.id,
      starts_on: startsOn,
      ends_on: endsOn,
      cash_back_total: 0,
      created_at: now,
    });
    await this.notifications.record(trx, {
      userId: order.user_id,
      kind: 'card.bought',
      params: { planId: plan.id, plan: planNames(plan), endsOn },
      dedupeKey: `card.bought:${order.id}`,
      link: { path: NOTIFICATION_PAGES.card },
      at: now,
    });
    await this.repository.insertPolicy(trx, {
      id: randomUUID(),
      user_id: order.user_id,
      card_id: cardId,
      policy_number: null,
      coverage: this.config.insuranceCoverage,
      insured_name: null,
      insured_id_masked: null,
      insured_id_encrypted: null,
      relation: null,
      starts_on: startsOn,
      ends_on: endsOn,
      claimed_at: null,
      created_at: now,
    });
  }

  async findPayableOrder(trx: Executor, userId: string, orderId: string): Promise<OrderRow> {
    const order = await this.repository.findOrder(trx, orderId);
    if (!order || order.user_id !== userId) throw notFound();
    if (order.status !== 'pending' || order.expires_at <= this.clock.now()) {
      throw new AppError('BUSINESS_RULE', 'orderNotPayable');
    }
    return order;
  }

  findOrder(trx: Executor, orderId: string): Promise<OrderRow | undefined> {
    return this.repository.findOrder(trx, orderId);
  }

  markOrderPaid(trx: Executor, orderId: string, now: number, paymentId: string): Promise<boolean> {
    return this.repository.markOrderPaid(trx, orderId, now, paymentId);
  }

  /** The caller's card; anyone else's answers undefined, like a missing one. */
  async findOwnedCard(db: Executor, userId: string, cardId: string): Promise<CardWithPlanRow | undefined> {
    return (await this.repository.listCards(db, userId)).find((card) => card.id === cardId);
  }

  /**
   * Applies membership order expiry (on read, decision 008 "Online payments and the sandbox provider") before a
   * listing.
   */
  async expireOrders(db: Executor, userId: string): Promise<void> {
    await this.repository.expireOrders(db, userId, this.clock.now());
  }

  /** Every user's pending orders past their expiry, for the payments sweep (decision 037 "The payment lifecycle"). */
  expireAllOrders(db: Executor, now: number): Promise<number> {
    return this.repository.expireOrders(db, null, now);
  }

  /** Pending → cancelled (by its user) or paid → cancelled (by an operator), once. */
  cancelOrder(trx: Executor, orderId: string, from: 'pending' | 'paid', now: number): Promise<boolean> {
    return this.repository.cancelOrder(trx, orderId, from, now);
  }

  /**
   * Ends the card an order bought (decision 037 "The payment lifecycle"): its last day becomes yesterday, so from this
   * moment it earns no cash back, lends no multiplier and its policy no longer covers. Cash back
   * already credited stays with the user. Answers the card's id (null: the order had none).
   */
  endCardOfOrder(trx: Executor, orderId: string, now: number): Promise<string | null> {
    const today = this.calendar.dayOf(now);
    return this.repository.endCardOfOrder(trx, orderId, today, this.calendar.addDays(today, -1));
  }

  /** Membership orders for operators (decision 037 "The payment lifecycle"). */
  async listOrdersForOperators(
    filter: { status?: string | undefined; userId?: string | undefined; orderId?: string | undefined },
    page: { page: number; pageSize: number },
  ) {
    const now = this.clock.now();
    const { rows, total } = await this.repository.listOrdersForOperators(this.db, filter, pageWindow(page));
    return { rows: rows.map((row) => ({ row, view: toMembershipOrder(row, row.plan_name, now) })), total };
  }

  /** An order as its user sees it, its plan named in the user's language. */
  async viewOrder(db: Executor, order: OrderRow, language: Language): Promise<MembershipOrder> {
    const plan = await this.repository.findPlan(db, order.plan_id);
    return toMembershipOrder(order, plan ? planName(plan, language) : '', this.clock.now());
  }

  async listOrders(
    userId: string,
    query: { page: number; pageSize: number; status?: MembershipOrder['status'] | undefined },
    language: Language,
  ) {
    const now = this.clock.now();
    await this.repository.expireOrders(this.db, userId, now);
    const { rows, total } = await this.repository.listOrders(this.db, userId, query.status, pageWindow(query));
    return pageResult(
      rows.map((row) =>
        toMembershipOrder(
          row,
          planName(
            { name: row.plan_name, default_language: row.plan_default_language, translations: row.plan_translations },
            language,
          ),
          now,
        ),
      ),
      query,
      total,
    );
  }

  async listMyCards(userId: string, language?: Language): Promise<MyCard[]> {
    const today = this.today();
    const [cards, { steps, flagged }] = await Promise.all([
      this.repository.listCards(this.db, userId),
      this.repository.stepDayOn(this.db, userId, today),
    ]);
    const [earned, capped] = await Promise.all([
      this.repository.cashBackDays(
        this.db,
        cards.map((card) => card.id),
        today,
      ),
      this.cashBackCapped(this.db, userId, today),
    ]);
    return cards.map((card) =>
      toMyCard(
        card,
        {
          day: today,
          steps,
          daysLeft: this.daysLeft(card, today),
          cashBackEarned: earned.has(card.id),
          cashBackCapped: capped.get(card.id) ?? 0,
          flagged,
        },
        this.config.insuranceCoverage,
        language,
      ),
    );
  }

  /** Today counts as a day left. */
  daysLeft(card: Pick<CardWithPlanRow, 'ends_on'>, today: string): number {
    return Math.max(0, this.calendar.daysBetween(today, card.ends_on) + 1);
  }

  activeCardsOn(db: Executor, userId: string, day: string): Promise<CardWithPlanRow[]> {
    return this.repository.activeCardsOn(db, userId, day);
  }

  /** Every card the user ever held, active or not, with its plan. */
  cardsOf(db: Executor, userId: string): Promise<CardWithPlanRow[]> {
    return this.repository.listCards(db, userId);
  }

  /** Cash back credited to the user for a day, per card with its plan name. */
  async cashBacksOn(
    db: Executor,
    userId: string,
    day: string,
    language: Language,
  ): Promise<{ cardId: string; cardName: string; amount: number }[]> {
    const rows = await this.repository.cashBacksOn(db, userId, day);
    return rows.map((row) => ({ cardId: row.card_id, cardName: planName(row, language), amount: row.amount }));
  }

  /** For the funds statement: the day each cash back transfer was for. */
  cashBackDaysByTransfer(db: Executor, transferIds: string[]): Promise<Map<string, string>> {
    return this.repository.cashBackDaysByTransfer(db, transferIds);
  }

  /**
   * The user's cards whose `day` holds cash back the daily cash cap held, with what each still pays for it (decision 103
   * "A daily cap on cash back paid"): paid by a later day's settlement.
   */
  async cashBackCapped(db: Executor, userId: string, day: string): Promise<Map<string, number>> {
    const held = await this.cashCap.heldCards(db, userId, day);
    if (held.length === 0) return new Map();
    const [cards, done] = await Promise.all([
      this.repository.activeCardsOn(db, userId, day),
      this.repository.cashBackDays(db, held, day),
    ]);
    const capped = new Map<string, number>();
    for (const card of cards) {
      if (!held.includes(card.id) || done.has(card.id)) continue;
      const amount = Math.min(card.plan.daily_cash_back, card.plan.price - card.cash_back_total);
      if (amount > 0) capped.set(card.id, amount);
    }
    return capped;
  }

  /** What `creditCashBack` would pay for the day now, without paying it (a held day's cash back). */
  async cashBackDue(db: Executor, userId: string, day: string, steps: number): Promise<number> {
    const cards = await this.repository.activeCardsOn(db, userId, day);
    const done = await this.repository.cashBackDays(
      db,
      cards.map((card) => card.id),
      day,
    );
    let due = 0;
    for (const card of cards) {
      if (done.has(card.id) || steps < card.plan.daily_target) continue;
      due += Math.max(0, Math.min(card.plan.daily_cash_back, card.plan.price - card.cash_back_total));
    }
    return due;
  }

  /**
   * Credits each active card's daily cash back once per card and day when `steps` reach its
   * target, never beyond the card's price in total. Runs in the caller's transaction, after the
   * caller has locked the user's step row, so two reports cannot both credit one day. Each card's
   * amount is taken whole from today's cash cap (decision 103 "A daily cap on cash back paid"): one
   * it cannot take is held, paid by a later day's settlement.
   */
  async creditCashBack(trx: Executor, userId: string, day: string, steps: number): Promise<number> {
    const cards = await this.repository.activeCardsOn(trx, userId, day);
    const done = await this.repository.cashBackDays(
      trx,
      cards.map((card) => card.id),
      day,
    );
    let credited = 0;
    for (const card of cards) {
      if (done.has(card.id) || steps < card.plan.daily_target) continue;
      const amount = Math.min(card.plan.daily_cash_back, card.plan.price - card.cash_back_total);
      if (amount <= 0) continue;
      if (!(await this.repository.addCashBackTotal(trx, card.id, amount, card.plan.price))) continue;
      if ((await this.cashCap.take(trx, this.today(), amount, false)) < amount) {
        await this.repository.addCashBackTotal(trx, card.id, -amount, card.plan.price);
        await this.cashCap.hold(trx, { cardId: card.id, userId, day }, this.clock.now());
        continue;
      }
      const { transferId } = await this.ledger.post(trx, {
        kind: 'card.cashback',
        legs: [
          { account: { kind: 'system', name: 'rewards', asset: 'CNY' }, amount: -amount },
          { account: { kind: 'user', userId, asset: 'CNY' }, amount },
        ],
        idempotencyKey: `${userId}:card.cashback:${card.id}:${day}`,
        fingerprint: { card: card.id, day, amount },
      });
      await this.repository.insertCashBack(trx, {
        id: randomUUID(),
        card_id: card.id,
        day,
        amount,
        transfer_id: transferId,
        created_at: this.clock.now(),
      });
      await this.notifications.record(trx, {
        userId,
        kind: 'card.cash-back',
        params: { planId: card.plan.id, plan: planNames(card.plan), amount, day },
        dedupeKey: `card.cash-back:${card.id}:${day}`,
        link: { path: NOTIFICATION_PAGES.card },
      });
      await this.cashCap.release(trx, card.id, day);
      credited += amount;
    }
    return credited;
  }

  /**
   * Users whose active cards may still be owed `day`'s cash back, a page at a time (decision 055 "Background jobs in a
   * queue").
   */
  usersOwedCashBackOn(db: Executor, day: string, afterUserId: string, limit: number): Promise<string[]> {
    return this.repository.usersOwedCashBackOn(db, day, afterUserId, limit);
  }

  /** Tells each card whose last day is `day` that it ends then (once per card); how many were told. */
  async notifyEndingOn(day: string): Promise<number> {
    const cards = await this.repository.cardsEndingOn(this.db, day);
    let told = 0;
    for (const card of cards) {
      const row = await this.notifications.record(this.db, {
        userId: card.user_id,
        kind: 'card.ending',
        params: { planId: card.plan.id, plan: planNames(card.plan), endsOn: card.ends_on },
        dedupeKey: `card.ending:${card.id}`,
        link: { path: NOTIFICATION_PAGES.card },
      });
      if (row) told += 1;
    }
    return told;
  }

  async listPolicies(userId: string, status: Policy['status'] | undefined): Promise<Policy[]> {
    const today = this.today();
    const rows = await this.repository.listPolicies(this.db, userId);
    const policies = rows.map((row) => toPolicy(row, today));
    return status ? policies.filter((policy) => policy.status === status) : policies;
  }

  /** Claims the policy for the holder or a family member; the policy number is assigned now. */
  async claimPolicy(userId: string, policyId: string, insured: PolicyClaim, paymentPassword?: string): Promise<Policy> {
    const today = this.today();
    // A policy given to someone else asks for the payment password (docs/product/payment-password.md).
    if (insured.who === 'family') await this.paymentPasswords.verify(userId, paymentPassword);
    const policy = await this.repository.findPolicy(this.db, policyId);
    if (!policy || policy.user_id !== userId) throw notFound();
    if (policy.ends_on < today) throw new AppError('BUSINESS_RULE', 'policyExpired');
    if (policy.claimed_at !== null) throw new AppError('BUSINESS_RULE', 'policyClaimed');
    // The same ID number rule as real-name verification (contract rules, decision 041 "Flows that ask first and say
    // what happened").
    const insuredId = insured.who === 'family' ? normalizeIdNumber(insured.idNumber) : '';
    if (insured.who === 'family' && !checkIdNumber(insuredId, today).valid) {
      throw new AppError('VALIDATION_FAILED', 'idNumberInvalid');
    }
    const claim =
      insured.who === 'self'
        ? { insured_name: null, insured_id_masked: null, insured_id_encrypted: null, relation: 'self' }
        : {
            insured_name: insured.name,
            insured_id_masked: maskIdNumber(insuredId),
            insured_id_encrypted: this.cipher.encrypt(insuredId),
            relation: insured.relation,
          };
    const claimed = await retryOnUniqueViolation(() =>
      this.repository.claimPolicy(this.db, policy.id, {
        ...claim,
        policy_number: `SP${today.replace(/-/g, '')}${randomDigits(8)}`,
        claimed_at: this.clock.now(),
      }),
    );
    if (!claimed) throw new AppError('BUSINESS_RULE', 'policyClaimed');
    const row = await this.repository.findPolicy(this.db, policy.id);
    if (!row) throw notFound();
    return toPolicy(row, today);
  }

  /**
   * The memberships section: card orders, cards, cash backs and insurance (the insured's ID
   * masked). Deleting forgets the insured person; an unpaid order blocks it (decision 047 "Your data").
   */
  personalData(): PersonalDataSection {
    return {
      name: 'memberships',
      exportFor: async (userId) => ({
        orders: (await this.repository.exportOrders(this.db, userId)).map(exportRow),
        cards: (await this.repository.exportCards(this.db, userId)).map(exportRow),
        cashBacks: (await this.repository.exportCashBacks(this.db, userId)).map(exportRow),
        insurance: (await this.repository.exportPolicies(this.db, userId)).map(exportRow),
      }),
      erase: (trx, { userId }) => this.repository.erasePolicies(trx, userId),
      blocksDeletion: async (db, userId) => ({ unpaidOrders: await this.repository.countUnpaidOrders(db, userId) }),
    };
  }
}

/** A plan's name in every language, kept with a notification so it reads in the reader's language. */
function planNames(plan: Parameters<typeof planName>[0]): Localized {
  const names: Localized = { en: planName(plan, 'en') };
  for (const language of LANGUAGES) names[language] = planName(plan, language);
  return names;
}
