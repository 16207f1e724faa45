import { useId } from 'react';
import { createPortal } from 'react-dom';
import { usePageActive } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import type { StepCounterView, StepStore } from '../step-store';
import './motion-permission.css';

/**
 * Motion access where the browser needs a tap to grant it (iOS): the first time, a sheet explains
 * why before the browser asks; once answered it is not shown again, and a button stays for later
 * (docs/product/client.md, Step counter). Shown only on the page on top.
 */
export function MotionPermission({
  view,
  store,
  buttonClassName,
}: {
  readonly view: StepCounterView;
  readonly store: StepStore;
  readonly buttonClassName?: string;
}) {
  const { t } = useI18n();
  const isActive = usePageActive();
  const titleId = useId();
  if (view.status !== 'needsPermission') return null;
  const allow = () => void store.requestPermission();
  if (view.isMotionAsked || !isActive) {
    return (
      <button type="button" className={buttonClassName ?? 'button button--ghost'} onClick={allow}>
        {t('walk.enable')}
      </button>
    );
  }
  return createPortal(
    <div className="motion-sheet">
      <div className="motion-sheet__mask" aria-hidden="true" />
      <div className="motion-sheet__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="motion-sheet__title">
          {t('walk.permission.title')}
        </h2>
        <p className="motion-sheet__body">{t('walk.permission.body')}</p>
        <div className="motion-sheet__actions">
          <button type="button" className="button button--block" onClick={allow}>
            {t('walk.permission.allow')}
          </button>
          <button
            type="button"
            className="button button--ghost button--block"
            onClick={() => store.dismissPermission()}
          >
            {t('walk.permission.later')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
