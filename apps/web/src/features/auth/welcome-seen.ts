/** localStorage: set once the welcome was dismissed or the user signed in on this device. */
export const WELCOME_SEEN_KEY = 'welcomeSeen';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Whether this device has not dismissed the welcome nor signed in yet (decision 082 "A newcomer's first screens"). */
export function isWelcomeDue(): boolean {
  try {
    return storage()?.getItem(WELCOME_SEEN_KEY) !== '1';
  } catch {
    return true;
  }
}

/** The welcome is not shown again on this device: dismissed, or the user signed in. */
export function markWelcomeSeen(): void {
  try {
    storage()?.setItem(WELCOME_SEEN_KEY, '1');
  } catch {
    // Storage refused (a private mode): the welcome shows again next time, no harm done.
  }
}
