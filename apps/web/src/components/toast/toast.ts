import type * as KitModule from './toast-kit';

/** docs/product/client.md, Dialogs, toasts and texts: a toast shows for 1500 ms unless told otherwise. */
export const TOAST_DURATION_MS = 1500;

type Kit = typeof KitModule;

let kit: Promise<Kit> | undefined;

// Every call goes through the same promise, so calls run in the order they were made even while
// the kit is still loading (a hideLoading right after showLoading still hides it).
function withKit(run: (module: Kit) => void): Promise<void> {
  kit ??= import('./toast-kit');
  return kit.then(run);
}

export function showToast(content: string, durationMs: number = TOAST_DURATION_MS): Promise<void> {
  return withKit(({ Toast }) => {
    Toast.show({ content, duration: durationMs });
  });
}

/** Stays until hideLoading (docs/product/client.md, Dialogs, toasts and texts); blocks taps on the page meanwhile. */
export function showLoading(content?: string): Promise<void> {
  return withKit(({ Toast }) => {
    Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false });
  });
}

export function hideLoading(): Promise<void> {
  return withKit(({ Toast }) => {
    Toast.clear();
  });
}
