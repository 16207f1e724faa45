import { applyCardMailing } from '@stride/contract';
import { call } from '../../../lib/http';
import type { Address, Mailing } from '@stride/contract';
import { useId, useState, type FormEvent } from 'react';
import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';

export interface MailableCard {
  readonly id: string;
  readonly name: string;
}

export interface MailingApplyFormProps {
  /** Active cards not yet mailed (one physical card per member card). */
  readonly cards: readonly MailableCard[];
  readonly addresses: readonly Address[];
  readonly onApplied: (mailing: Mailing) => void;
  readonly onAddAddress: () => void;
}

/** Which card, to which address (POST /api/order/apply). */
export function MailingApplyForm({ cards, addresses, onApplied, onAddAddress }: MailingApplyFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [cardId, setCardId] = useState(() => cards[0]?.id ?? '');
  const [addressId, setAddressId] = useState(
    () => (addresses.find((address) => address.isDefault) ?? addresses[0])?.id ?? '',
  );
  const sending = useSubmit();
  const chosenCard = cards.some((card) => card.id === cardId) ? cardId : (cards[0]?.id ?? '');
  const chosenAddress = addresses.some((address) => address.id === addressId) ? addressId : (addresses[0]?.id ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosenCard || !chosenAddress) return;
    // The request layer shows the message (1002 opens real-name verification).
    void sending.run(() =>
      call(applyCardMailing, { body: { cardId: chosenCard, addressId: chosenAddress } }).then(onApplied),
    );
  };

  if (cards.length === 0) return <p className="hint">{t('mailing.noCards')}</p>;
  return (
    <form onSubmit={submit} aria-label={t('mailing.apply')}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-card`}>
          {t('mailing.card')}
        </label>
        <select
          id={`${id}-card`}
          className="input"
          value={chosenCard}
          onChange={(event) => setCardId(event.target.value)}
        >
          {cards.map((card) => (
            <option key={card.id} value={card.id}>
              {card.name}
            </option>
          ))}
        </select>
      </div>
      {addresses.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-address`}>
            {t('shop.address')}
          </label>
          <select
            id={`${id}-address`}
            className="input"
            value={chosenAddress}
            onChange={(event) => setAddressId(event.target.value)}
          >
            {addresses.map((address) => (
              <option key={address.id} value={address.id}>
                {address.name} · {address.region} {address.detail}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="hint">
          {t('mailing.noAddress')}{' '}
          <button type="button" className="link" onClick={onAddAddress}>
            {t('shop.addAddress')}
          </button>
        </p>
      )}
      <button type="submit" className="button button--block" disabled={sending.isBusy || !chosenAddress}>
        {sending.isBusy ? t('mailing.applying') : t('mailing.apply')}
      </button>
    </form>
  );
}
