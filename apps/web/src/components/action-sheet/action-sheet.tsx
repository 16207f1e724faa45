import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useHistoryLayer, useKeyDown } from '../../hooks';
import { useI18n } from '../../lib/i18n';
import './action-sheet.css';

export interface ActionSheetAction {
  readonly key: string;
  readonly text: string;
  readonly description?: string;
  readonly danger?: boolean;
  readonly disabled?: boolean;
}

export interface ActionSheetProps {
  readonly visible: boolean;
  readonly actions: readonly ActionSheetAction[];
  readonly onAction: (key: string) => void;
  readonly onClose: () => void;
  /** A line above the actions; also the sheet's accessible name. */
  readonly extra?: string;
}

/**
 * A bottom sheet of actions plus Cancel; choosing an action also closes it. Our own rather than the
 * kit's, whose items are anchors with role "option" outside any listbox.
 */
export function ActionSheet(props: ActionSheetProps) {
  if (!props.visible) return null;
  return createPortal(<Sheet {...props} />, document.body);
}

function Sheet({ actions, onAction, onClose, extra }: ActionSheetProps) {
  const { t } = useI18n();
  const panel = useRef<HTMLDivElement>(null);
  useHistoryLayer(onClose);

  useEffect(() => {
    panel.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, []);

  useKeyDown((event) => {
    if (event.key === 'Escape') onClose();
  });

  return (
    <div className="action-sheet">
      <div className="action-sheet__mask" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className="action-sheet__panel"
        role="dialog"
        aria-modal="true"
        aria-label={extra ?? t('actionSheet.label')}
      >
        {extra ? <p className="action-sheet__extra">{extra}</p> : null}
        {actions.map((action) => (
          <button
            key={action.key}
            type="button"
            className={action.danger ? 'action-sheet__item action-sheet__item--danger' : 'action-sheet__item'}
            disabled={action.disabled}
            onClick={() => {
              onAction(action.key);
              onClose();
            }}
          >
            <span>{action.text}</span>
            {action.description ? <span className="action-sheet__description">{action.description}</span> : null}
          </button>
        ))}
        <button type="button" className="action-sheet__item action-sheet__cancel" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
