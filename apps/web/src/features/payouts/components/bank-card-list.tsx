import type { BankCard } from '@stride/contract';
import { SwipeAction } from '../../../components/swipe-action';
import { useI18n } from '../../../lib/i18n';

export interface BankCardListProps {
  readonly cards: readonly BankCard[];
  /** The server's limit of payout methods (`GET /api/rules`). */
  readonly maxCards: number;
  readonly onAdd: () => void;
  readonly onEdit: (card: BankCard) => void;
  /** Asked after the row's Delete action; the caller confirms first. */
  readonly onDelete: (card: BankCard) => void;
}

/** Payout methods: tap to edit, swipe left for Edit and Delete, add up to the server's limit. */
export function BankCardList({ cards, maxCards, onAdd, onEdit, onDelete }: BankCardListProps) {
  const { t } = useI18n();
  const isFull = cards.length >= maxCards;
  return (
    <>
      {cards.length === 0 ? (
        <p className="payouts-empty">{t('payouts.empty')}</p>
      ) : (
        <ul className="payouts-cards" aria-label={t('title.withdrawalType')}>
          {cards.map((card) => (
            <li key={card.id} className="payouts-cards__item">
              <SwipeAction
                actions={[
                  { key: 'edit', text: t('payouts.edit'), tone: 'primary' },
                  { key: 'delete', text: t('payouts.delete'), tone: 'danger' },
                ]}
                onAction={(key) => (key === 'delete' ? onDelete(card) : onEdit(card))}
              >
                <button
                  type="button"
                  className="payouts-card"
                  aria-label={t('payouts.cardLabel', { bank: card.bank, last4: card.accountMasked.slice(-4) })}
                  onClick={() => onEdit(card)}
                >
                  <span className="payouts-card__bank">{card.bank}</span>
                  <span className="payouts-card__number">{card.accountMasked}</span>
                  <span className="payouts-card__holder">{card.holderName}</span>
                </button>
              </SwipeAction>
            </li>
          ))}
        </ul>
      )}
      {cards.length > 0 ? <p className="hint payouts-hint">{t('payouts.swipeHint')}</p> : null}
      <div className="payouts-footer">
        {isFull ? <p className="hint">{t('payouts.full', { max: maxCards })}</p> : null}
        <button type="button" className="button button--block" disabled={isFull} onClick={onAdd}>
          {t('payouts.add')}
        </button>
      </div>
    </>
  );
}
