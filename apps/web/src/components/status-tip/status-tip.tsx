import { useI18n } from '../../lib/i18n';
import './status-tip.css';

export type StatusTipProps =
  | { readonly status: 'loading' }
  | { readonly status: 'empty'; readonly message?: string }
  /** The end of a list that loads more at the bottom. */
  | { readonly status: 'noMore' }
  | { readonly status: 'error'; readonly message: string; readonly onRetry?: () => void };

export function StatusTip(props: StatusTipProps) {
  const { t } = useI18n();
  if (props.status === 'loading') {
    return (
      <div className="status-tip" role="status" aria-busy="true">
        <span className="status-tip__spinner" aria-hidden="true" />
        <p className="status-tip__text">{t('loading')}</p>
      </div>
    );
  }
  if (props.status === 'noMore') {
    return (
      <div className="status-tip status-tip--inline" role="status">
        <p className="status-tip__text">{t('noMore')}</p>
      </div>
    );
  }
  if (props.status === 'empty') {
    return (
      <div className="status-tip" role="status">
        <p className="status-tip__text">{props.message ?? t('empty')}</p>
      </div>
    );
  }
  return (
    <div className="status-tip status-tip--error" role="alert">
      <p className="status-tip__text">{props.message}</p>
      {props.onRetry ? (
        <button type="button" className="button button--ghost" onClick={props.onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}
