import { listMoneyStatement } from '@stride/contract';
import { call } from '../../lib/http';
import { useCallback, useId, useState, type FormEvent } from 'react';
import type { StatementType } from '@stride/contract/rules';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { ListStateTips, LoadMoreFooter } from '../../components/load-more-footer';
import { usePagedList } from '../../hooks';
import { MONEY_TYPES, moneyTypeLabel, signedMoney } from '../../features/wallet';
import { formatMoney, formatTime } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import '../../features/wallet/wallet.css';

interface Filters {
  readonly type: StatementType | '';
  readonly from: string;
  readonly to: string;
}

const NO_FILTERS: Filters = { type: '', from: '', to: '' };

function FilterForm({ value, onApply }: { readonly value: Filters; readonly onApply: (next: Filters) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A reversed range is read the way the user meant it.
    const isReversed = draft.from && draft.to && draft.from > draft.to;
    onApply(isReversed ? { ...draft, from: draft.to, to: draft.from } : draft);
  };
  return (
    <form className="filters" onSubmit={submit} aria-label={t('statement.filters')}>
      <div className="field filters__type">
        <label className="field__label" htmlFor={`${id}-type`}>
          {t('statement.type')}
        </label>
        <select
          id={`${id}-type`}
          className="input"
          value={draft.type}
          onChange={(event) =>
            setDraft({ ...draft, type: MONEY_TYPES.find((type) => type === event.target.value) ?? '' })
          }
        >
          <option value="">{t('statement.allTypes')}</option>
          {MONEY_TYPES.map((type) => (
            <option key={type} value={type}>
              {moneyTypeLabel(type, t)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          {t('statement.from')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-to`}>
          {t('statement.to')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input"
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </div>
      <div className="filters__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          {t('statement.reset')}
        </button>
        <button type="submit" className="button">
          {t('statement.apply')}
        </button>
      </div>
    </form>
  );
}

/** Funds statement (GET /api/user/money/statement): every movement, filtered, paged at the bottom. */
export default function AssetPage() {
  const { t } = useI18n();
  const [filters, setFilters] = useState(NO_FILTERS);
  const load = useCallback(
    (page: number, signal: AbortSignal) =>
      call(
        listMoneyStatement,
        {
          query: {
            page,
            ...(filters.type ? { type: filters.type } : {}),
            ...(filters.from ? { from: filters.from } : {}),
            ...(filters.to ? { to: filters.to } : {}),
          },
        },
        { hideErrors: true, signal },
      ),
    [filters],
  );
  const list = usePagedList(load);

  return (
    <PullToRefresh>
      <FilterForm value={filters} onApply={setFilters} />
      <ListStateTips list={list} />
      {list.status === 'ready' && list.items.length > 0 ? (
        <ul className="list ledger" aria-label={t('title.asset')}>
          {list.items.map((movement) => (
            <li key={movement.id} className="ledger__item">
              <span>{moneyTypeLabel(movement.type, t)}</span>
              <span className={movement.amount > 0 ? 'ledger__amount ledger__amount--in' : 'ledger__amount'}>
                {signedMoney(movement.amount, formatMoney)}
              </span>
              <time className="ledger__meta" dateTime={movement.createdAt}>
                {formatTime(movement.createdAt)}
              </time>
              <span className="ledger__meta ledger__meta--end">
                {t('statement.balanceAfter', { amount: formatMoney(movement.balanceAfter) })}
              </span>
              {movement.receiptDay ? (
                <button
                  type="button"
                  className="link ledger__receipt"
                  onClick={() => go(PATHS.stepDay, { day: movement.receiptDay ?? '' })}
                >
                  {t('statement.receipt', { day: movement.receiptDay })} ›
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMoreFooter list={list} />
    </PullToRefresh>
  );
}
