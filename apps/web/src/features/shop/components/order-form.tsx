import { confirmOrder } from '@stride/contract';
import { call } from '../../../lib/http';
import type { Address, Goods, GoodsOrder } from '@stride/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { ActionSheet } from '../../../components/action-sheet';
import { useSubmit } from '../../../hooks';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { QUANTITY_MIN, clampQuantity, maxQuantity, orderTotal } from '../order-total';

/** One key per attempt, reused when a retry follows a lost answer (the page supplies it). */
export interface OrderRetryKey {
  run<T>(attempt: (key: string) => Promise<T>): Promise<T>;
}

export interface OrderFormProps {
  readonly goods: Goods;
  readonly availablePoints: number;
  readonly addresses: readonly Address[];
  readonly retryKey: OrderRetryKey;
  readonly onOrdered: (order: GoodsOrder) => void;
  readonly onAddAddress: () => void;
}

function addressLine(address: Address): string {
  return `${address.name} ${address.phone} · ${address.region} ${address.detail}`;
}

/** The address an order goes to before one is picked: the default one, else the first. */
export function preferredAddress(addresses: readonly Address[]): Address | undefined {
  return addresses.find((address) => address.isDefault) ?? addresses[0];
}

/** Quantity, delivery address, the points total and what is left, then the order. */
export function OrderForm({ goods, availablePoints, addresses, retryKey, onOrdered, onAddAddress }: OrderFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [quantity, setQuantity] = useState(QUANTITY_MIN);
  // Only a pick is kept: until one, the order goes to the default address, and to the first one
  // the user adds on the way (docs/product/client.md, Flows that ask first), without another tap.
  const [addressId, setAddressId] = useState<string | undefined>(undefined);
  const [isPicking, setPicking] = useState(false);
  // Points are spent only after this second step, as cash exchange and withdrawal ask first.
  const [isReviewing, setReviewing] = useState(false);
  const sending = useSubmit();
  // The question opens where the button was, below the fold of a small phone: it is scrolled
  // into view whole, its buttons too (docs/product/client.md, Flows that ask first).
  const review = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (isReviewing) review.current?.scrollIntoView?.({ block: 'nearest' });
  }, [isReviewing]);
  const address = addresses.find((item) => item.id === addressId) ?? preferredAddress(addresses);
  const { total, left, isAffordable, isInStock } = orderTotal(goods.points, quantity, availablePoints, goods.stock);
  const isSoldOut = goods.stock <= 0;
  const canOrder = !isSoldOut && isInStock && isAffordable && address !== undefined && !sending.isBusy;
  const change = (next: number) => {
    setReviewing(false);
    setQuantity(clampQuantity(next, goods.stock));
  };

  const submit = async () => {
    if (!address || !canOrder) return;
    // The request layer shows the server's message (1012 not enough points, 1007 out of stock).
    await sending.run(() =>
      retryKey
        .run((idempotencyKey) =>
          call(confirmOrder, { body: { goodsId: goods.id, quantity, addressId: address.id, idempotencyKey } }),
        )
        .then(onOrdered),
    );
  };

  return (
    <section className="order-form" aria-label={t('shop.order')}>
      <div className="order-form__row">
        <label htmlFor={`${id}-quantity`}>{t('shop.quantity')}</label>
        <div className="stepper">
          <button
            type="button"
            className="stepper__button"
            aria-label={t('shop.less')}
            disabled={quantity <= QUANTITY_MIN}
            onClick={() => change(quantity - 1)}
          >
            −
          </button>
          <input
            id={`${id}-quantity`}
            className="stepper__input"
            type="number"
            inputMode="numeric"
            min={QUANTITY_MIN}
            max={maxQuantity(goods.stock)}
            value={quantity}
            onChange={(event) => change(Number(event.target.value))}
          />
          <button
            type="button"
            className="stepper__button"
            aria-label={t('shop.more')}
            disabled={quantity >= maxQuantity(goods.stock)}
            onClick={() => change(quantity + 1)}
          >
            +
          </button>
        </div>
      </div>
      <div className="order-form__row order-form__row--address">
        <span id={`${id}-address`}>{t('shop.address')}</span>
        {addresses.length > 0 ? (
          <button
            type="button"
            className="order-form__address"
            aria-describedby={`${id}-address`}
            onClick={() => setPicking(true)}
          >
            {address ? addressLine(address) : t('shop.chooseAddress')}
          </button>
        ) : (
          <button type="button" className="link" onClick={onAddAddress}>
            {t('shop.addAddress')}
          </button>
        )}
      </div>
      <dl className="order-form__sums">
        <div>
          <dt>{t('shop.total')}</dt>
          <dd data-testid="order-total">{formatNumber(total)}</dd>
        </div>
        <div>
          <dt>{t('shop.left')}</dt>
          <dd data-testid="order-left" className={isAffordable ? undefined : 'order-form__short'}>
            {formatNumber(left)}
          </dd>
        </div>
      </dl>
      {isSoldOut ? <p className="form-error">{t('shop.soldOut')}</p> : null}
      {!isSoldOut && !isAffordable ? (
        <p className="form-error" role="alert">
          {t('shop.notEnough', { points: formatNumber(availablePoints) })}
        </p>
      ) : null}
      {isReviewing && address ? (
        <div ref={review} className="order-form__review" role="group" aria-labelledby={`${id}-review`}>
          <p id={`${id}-review`} className="order-form__review-text">
            {t('shop.reviewText', {
              points: formatNumber(total),
              quantity: formatNumber(quantity),
              name: goods.name,
              left: formatNumber(left),
            })}
          </p>
          <p className="hint">{t('shop.reviewAddress', { address: addressLine(address) })}</p>
          <div className="order-form__review-actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={sending.isBusy}
              onClick={() => setReviewing(false)}
            >
              {t('back')}
            </button>
            <button type="button" className="button" disabled={!canOrder} onClick={() => void submit()}>
              {sending.isBusy ? t('shop.ordering') : t('shop.reviewConfirm')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button--block" disabled={!canOrder} onClick={() => setReviewing(true)}>
          {t('shop.confirm', { points: formatNumber(total) })}
        </button>
      )}
      <ActionSheet
        visible={isPicking}
        extra={t('shop.chooseAddress')}
        actions={addresses.map((item) => ({
          key: item.id,
          text: `${item.name} ${item.phone}`,
          description: `${item.region} ${item.detail}`,
        }))}
        onAction={(key) => {
          setReviewing(false);
          setAddressId(key);
        }}
        onClose={() => setPicking(false)}
      />
    </section>
  );
}
