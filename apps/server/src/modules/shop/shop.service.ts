import type { Goods, GoodsCategory, GoodsOrder, GoodsOrderStatus, Language, OrderSummary } from '@stride/contract';
import type { Db } from '../../db/database.js';
import { pageResult, pageWindow, retryOnUniqueViolation } from '../../db/retry.js';
import { AppError, notFound } from '../../http/errors.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { localize } from '../../lib/content-language.js';
import { requestHash } from '../../lib/secrets.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { CardsService } from '../cards/cards.service.js';
import type { LedgerAccountRef, LedgerService } from '../ledger/ledger.service.js';
import type { CategoryRow, GoodsOrderWithGoodsRow, GoodsRow, ShopRepository } from './shop.repository.js';
import { recordId } from '../../lib/ids.js';
import type { PersonalDataSection } from '../../lib/personal-data.js';
import { shipmentsSection, shipmentView, timeOrNull, unshipped, type ShipmentKind } from '../shipping/shipping.js';

const SHOP_ACCOUNT: LedgerAccountRef = { kind: 'system', name: 'shop', asset: 'POINTS' };
const pointsOf = (userId: string): LedgerAccountRef => ({ kind: 'user', userId, asset: 'POINTS' });

/**
 * Goods as users see them: name and description in `language` (decision 042 "Content in every language"); without one
 * (the console), the default language's text.
 */
export function toGoods(row: GoodsRow, language?: Language): Goods {
  const images = JSON.parse(row.images) as unknown;
  const texts = language
    ? localize(language, row, { name: row.name, description: row.description })
    : { name: row.name, description: row.description };
  return {
    id: row.id,
    categoryId: row.category_id,
    name: texts.name,
    images: Array.isArray(images) ? images.filter((image): image is string => typeof image === 'string') : [],
    points: row.points,
    stock: row.stock,
    description: texts.description,
  };
}

/**
 * Goods orders as shipments (decision 092 "One shipping pipeline"): to ship, shipped, completed; before shipping the
 * buyer may cancel one, and the points come back.
 */
export const GOODS_ORDERS: ShipmentKind = {
  subject: 'goods-order',
  noun: 'Goods order',
  waiting: 'to_ship',
  arrived: 'completed',
};

export function toGoodsOrder(row: GoodsOrderWithGoodsRow, language?: Language): GoodsOrder {
  return {
    id: row.id,
    goods: toGoods(row.goods, language),
    quantity: row.quantity,
    points: row.points,
    status: row.status as GoodsOrderStatus,
    ...shipmentView(row),
    completedAt: timeOrNull(row.completed_at),
    cancelledAt: timeOrNull(row.cancelled_at),
  };
}

const toCategory = (row: CategoryRow, language: Language): GoodsCategory => ({
  id: row.id,
  name: localize(language, row, { name: row.name }).name,
});

/**
 * The points shop: goods, orders paid with points, and the list of all my orders. Points move
 * only through the ledger, in the same transaction as the stock and the order.
 */
export class ShopService {
  constructor(
    private readonly db: Db,
    private readonly repository: ShopRepository,
    private readonly addresses: AddressesService,
    private readonly cards: CardsService,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  async listGoods(query: { page: number; pageSize: number; categoryId?: string | undefined }, language: Language) {
    const [categories, { rows, total }] = await Promise.all([
      this.repository.listCategories(this.db),
      this.repository.listGoods(this.db, { categoryId: query.categoryId }, pageWindow(query)),
    ]);
    return {
      ...pageResult(
        rows.map((row) => toGoods(row, language)),
        query,
        total,
      ),
      categories: categories.map((row) => toCategory(row, language)),
    };
  }

  /**
   * Idempotent by the client's key. In one transaction: the address must be the caller's, stock
   * is taken by one conditional statement (never oversold), the points are debited by the
   * ledger's one-statement check (never overdrawn), and the order is written.
   */
  confirmOrder(
    userId: string,
    input: { goodsId: string; quantity: number; addressId: string; idempotencyKey: string },
    language: Language,
  ): Promise<GoodsOrder> {
    const key = `${userId}:goods-order:${input.idempotencyKey}`;
    const fingerprint = { goodsId: input.goodsId, quantity: input.quantity, addressId: input.addressId };
    const hash = requestHash(fingerprint);
    return retryOnUniqueViolation(() =>
      this.db.transaction().execute(async (trx) => {
        const existing = await this.repository.findOrderByKey(trx, key);
        if (existing) {
          if (existing.request_hash !== hash || existing.user_id !== userId) throw new AppError('CONFLICT', 'conflict');
          const row = await this.repository.findOrder(trx, existing.id);
          if (!row) throw notFound();
          return toGoodsOrder(row, language);
        }
        const address = await this.addresses.getOwned(trx, userId, input.addressId);
        const goods = await this.repository.findGoods(trx, input.goodsId);
        if (!goods || goods.is_active !== 1) throw notFound();
        if (!(await this.repository.takeStock(trx, goods.id, input.quantity))) {
          throw new AppError('BUSINESS_RULE', 'outOfStock');
        }
        const points = goods.points * input.quantity;
        const { transferId } = await this.ledger.post(trx, {
          kind: 'shop.order',
          legs: [
            { account: pointsOf(userId), amount: -points },
            { account: SHOP_ACCOUNT, amount: points },
          ],
          idempotencyKey: key,
          fingerprint,
        });
        const id = recordId();
        await this.repository.insertOrder(trx, {
          id,
          user_id: userId,
          goods_id: goods.id,
          quantity: input.quantity,
          points,
          status: 'to_ship',
          ...unshipped(address),
          idempotency_key: key,
          request_hash: hash,
          transfer_id: transferId,
          refund_transfer_id: null,
          created_at: this.clock.now(),
          shipped_at: null,
          completed_at: null,
          cancelled_at: null,
        });
        const row = await this.repository.findOrder(trx, id);
        if (!row) throw notFound();
        return toGoodsOrder(row, language);
      }),
    );
  }

  /**
   * Before shipping only. The status moves once (compare-and-set), so the points are refunded
   * and the stock restored once; repeating the call answers the cancelled order.
   */
  cancelOrder(userId: string, orderId: string, language: Language): Promise<GoodsOrder> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.repository.findOrder(trx, orderId);
      if (!row || row.user_id !== userId) throw notFound();
      if (row.status === 'cancelled') return toGoodsOrder(row, language);
      if (row.status !== 'to_ship') throw new AppError('BUSINESS_RULE', 'orderNotCancellable');
      const now = this.clock.now();
      if (!(await this.repository.transition(trx, row.id, 'to_ship', { status: 'cancelled', cancelled_at: now }))) {
        const current = await this.repository.findOrder(trx, orderId);
        if (current?.status === 'cancelled') return toGoodsOrder(current, language);
        throw new AppError('BUSINESS_RULE', 'orderNotCancellable');
      }
      // Stock before points: the same lock order as placing an order, so the two never deadlock.
      await this.repository.returnStock(trx, row.goods_id, row.quantity);
      const { transferId } = await this.ledger.post(trx, {
        kind: 'shop.refund',
        legs: [
          { account: SHOP_ACCOUNT, amount: -row.points },
          { account: pointsOf(userId), amount: row.points },
        ],
        idempotencyKey: `goods-order:${row.id}:refund`,
        fingerprint: { orderId: row.id },
      });
      await this.repository.transition(trx, row.id, 'cancelled', {
        status: 'cancelled',
        refund_transfer_id: transferId,
      });
      const updated = await this.repository.findOrder(trx, orderId);
      if (!updated) throw notFound();
      return toGoodsOrder(updated, language);
    });
  }

  /**
   * The goods order each transfer paid or refunded: the points statement's links (decision 081 "One points statement").
   */
  orderIdsByTransfer(transferIds: readonly string[]): Promise<Map<string, string>> {
    return this.repository.orderIdsByTransfer(this.db, transferIds);
  }

  async listGoodsOrders(
    userId: string,
    query: { page: number; pageSize: number; status?: GoodsOrderStatus | undefined },
    language: Language,
  ) {
    const { rows, total } = await this.repository.listOrders(
      this.db,
      { userId, status: query.status },
      pageWindow(query),
    );
    return pageResult(
      rows.map((row) => toGoodsOrder(row, language)),
      query,
      total,
    );
  }

  /** Membership orders (their expiry applied first) and goods orders, newest first. */
  async listOrders(
    userId: string,
    query: {
      page: number;
      pageSize: number;
      status?: OrderSummary['status'] | undefined;
      kind?: OrderSummary['kind'] | undefined;
    },
    language?: Language,
  ) {
    await this.cards.expireOrders(this.db, userId);
    const { rows, total } = await this.repository.listOrderLines(
      this.db,
      { userId, status: query.status, kind: query.kind },
      pageWindow(query),
    );
    const items: OrderSummary[] = rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      // The plan's or goods' `name`, in the user's language (decision 042 "Content in every language").
      title: localize(language, row, { name: row.title }).name,
      status: row.status as OrderSummary['status'],
      amount: row.amount,
      points: row.points,
      quantity: row.quantity,
      createdAt: isoTime(row.created_at),
    }));
    return pageResult(items, query, total);
  }

  /** The shop orders section (decision 047 "Your data"). */
  personalData(): PersonalDataSection {
    return shipmentsSection(this.db, 'shopOrders', 'unshippedOrders', this.repository);
  }
}
