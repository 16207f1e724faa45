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
  confirm(content: string, confirmText: string): Promise<boolean> {
    return Dialog.confirm({ title: t('tip'), 'aria-label': t('tip'), content, confirmText, cancelText: t('cancel') });
  },
};

/** A confirm whose action destroys something (delete): its button is red. */
export function confirmDanger(content: string, confirmText: string): Promise<boolean> {
  const danger = createElement('span', { className: 'dialog-danger' }, confirmText);
  return Dialog.confirm({ title: t('tip'), content, confirmText: danger, cancelText: t('cancel') });
}

export type Dialogs = typeof dialogs;
