/**
 * The browser's side of Web Push (decision 048 "Web Push"): whether it can receive pushes, its permission,
 * and this device's subscription through the app's one service worker registration (the app
 * never registers a worker of its own here).
 */

export type PushAvailability = 'unsupported' | 'denied' | 'default' | 'granted';

/** Why turning pushes on did not work. */
export class PushUnavailableError extends Error {
  constructor(readonly reason: 'unsupported' | 'denied' | 'unavailable') {
    super(reason);
    this.name = 'PushUnavailableError';
  }
}

export function pushAvailability(scope: typeof globalThis = globalThis): PushAvailability {
  const nav = scope.navigator as Navigator | undefined;
  if (!nav || !('serviceWorker' in nav) || !('PushManager' in scope) || !('Notification' in scope)) {
    return 'unsupported';
  }
  return scope.Notification.permission;
}

/**
 * Safari on iPhone and iPad offers Web Push only to a web app opened from the home screen
 * (docs/product/client.md, Push notifications): true there, outside standalone mode. iPadOS
 * presents itself as a Mac, told apart by its touch points.
 */
export function needsHomeScreen(scope: typeof globalThis = globalThis): boolean {
  const nav = scope.navigator as (Navigator & { readonly standalone?: boolean }) | undefined;
  if (!nav) return false;
  const isIos = /iPhone|iPad|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
  if (!isIos) return false;
  const standalone = nav.standalone === true || scope.matchMedia?.('(display-mode: standalone)').matches === true;
  return !standalone;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** This device's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() === 'unsupported') return null;
  const found = await registration();
  return found ? found.pushManager.getSubscription() : null;
}

/** The subscription's endpoint and keys as the server takes them. */
export function subscriptionBody(subscription: PushSubscription): {
  endpoint: string;
  keys: { p256dh: string; auth: string };
} {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** Asks for the permission (when not yet given) and subscribes with the server's key. */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription> {
  const availability = pushAvailability();
  if (availability === 'unsupported') throw new PushUnavailableError('unsupported');
  if (availability === 'denied') throw new PushUnavailableError('denied');
  const permission = availability === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailableError('denied');
  const found = await registration();
  if (!found) throw new PushUnavailableError('unavailable');
  try {
    const existing = await found.pushManager.getSubscription();
    if (existing) return existing;
    return await found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  } catch {
    // No push service behind the browser (some builds and private modes have none).
    throw new PushUnavailableError('unavailable');
  }
}
