import '../components/kit-render';
import { createElement } from 'react';
import { Dialog } from 'antd-mobile';
import { t } from '../lib/i18n';

/** The app's dialogs (docs/product/client.md, Dialogs, toasts and texts: title "Tip", OK and Cancel). Loaded on first use. */
export const dialogs = {
  alert(content: string): Promise<void> {
    // The dialog is named by its title (antd-mobile leaves role="dialog" without a name otherwise).
    return Dialog.alert({ title: t('tip'), 'aria-label': t('tip'), content, confirmText: t('ok') });
  },
  /**
   * `cancelText` replaces "Cancel" where the action itself is a cancel ("Cancel order" beside
   * "Keep order", docs/product/client.md, Dialogs, toasts and texts).
   */
  confirm(content: string, confirmText: string, cancelText: string = t('cancel')): Promise<boolean> {
    return Dialog.confirm({ title: t('tip'), 'aria-label': t('tip'), content, confirmText, cancelText });
  },
};

/** A confirm whose action destroys something (delete): its button is red. */
export function confirmDanger(content: string, confirmText: string): Promise<boolean> {
  const danger = createElement('span', { className: 'dialog-danger' }, confirmText);
  return Dialog.confirm({ title: t('tip'), content, confirmText: danger, cancelText: t('cancel') });
}

export type Dialogs = typeof dialogs;
