import type * as KitModule from './toast-kit';

/** docs/product/client.md, Dialogs, toasts and texts: a toast shows for 1500 ms unless told otherwise. */
export const TOAST_DURATION_MS = 1500;

type Kit = typeof KitModule;

let kit: Promise<Kit> | undefined;
let latest: Promise<void> = Promise.resolve();

// Every call goes through the same promise, so calls run in the order they were made even while
// the kit is still loading (a hideLoading right after showLoading still hides it).
function withKit(run: (module: Kit) => void): Promise<void> {
  kit ??= import('./toast-kit');
  const shown = kit.then(run);
  latest = shown.catch(() => undefined);
  return shown;
}

/**
 * Settles once every toast asked for so far has been handed to the kit, which loads lazily. The unit tests' setup
 * awaits it after each test, so that no toast a test caused renders after the test's window is gone.
 */
export function toastsHandedOver(): Promise<void> {
  return latest;
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
