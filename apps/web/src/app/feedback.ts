import { showToast } from '../components/toast';
import { copyText } from '../lib/clipboard';
import { t } from '../lib/i18n';

/** Copies and says so (docs/product/client.md, Dialogs, toasts and texts: "Content copied" or "Copy failed, please copy manually"). */
export async function copyWithToast(text: string): Promise<boolean> {
  const isCopied = await copyText(text);
  await showToast(t(isCopied ? 'copied' : 'copyFailed'));
  return isCopied;
}

/** The iOS question before the pay page opens (docs/product/client.md, Payment). The dialog code loads on first use. */
export async function confirmPaymentJump(): Promise<boolean> {
  const { dialogs } = await import('./dialogs');
  return dialogs.confirm(t('jumpToPayment'), t('ok'));
}
