/**
 * The service worker's Web Push handlers (decision 048 "Web Push"), apart from the worker itself so that
 * the worker imports them (`installPushHandlers(self)`) and tests run them with stand-ins:
 * `push` shows the notification the server sent (title, body, tag; the page to open in its
 * data) and tells the app's open windows, `notificationclick` focuses a window of the app on that
 * page, or opens one.
 * The server's payload: {"title", "body", "url", "tag"?}, `url` a page of the app.
 */

/**
 * What the worker posts to every window of the app when a push arrives: the page reads the unread
 * count again, and the page shown reads again when it grew (app/unread-count.ts, decision 076 "Screens that stay
 * current").
 */
export const PUSH_ARRIVED_MESSAGE = 'stride:push-arrived';

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** The parts of a service worker's global scope the handlers use. */
export interface PushWorkerScope {
  registration: {
    scope: string;
    showNotification(title: string, options: NotificationOptions): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly PushWindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
}

export interface PushWindowClient {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: unknown): void;
}

export interface PushEventLike {
  data: { text(): string } | null;
  waitUntil(promise: Promise<unknown>): void;
}

export interface NotificationClickLike {
  notification: { data?: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}

const HOME = '/pages/index/index';
const FALLBACK_TITLE = 'Stride';

/** Only a page of this app: a path under /pages or /pages-sub, never another site. */
export function appPath(url: unknown): string {
  return typeof url === 'string' && /^\/pages(-sub)?\/[\w\-/]+(\?[^#\s]*)?$/.test(url) ? url : HOME;
}

/** What a push carries; a payload that is not the server's JSON still shows, as its text. */
export function parsePushPayload(data: PushEventLike['data']): PushPayload {
  const text = data?.text() ?? '';
  try {
    const value = JSON.parse(text) as Partial<PushPayload>;
    if (value && typeof value === 'object') {
      return {
        title: typeof value.title === 'string' && value.title ? value.title : FALLBACK_TITLE,
        body: typeof value.body === 'string' ? value.body : '',
        url: appPath(value.url),
        ...(typeof value.tag === 'string' && value.tag ? { tag: value.tag } : {}),
      };
    }
  } catch {
    // Not JSON: the text is the body.
  }
  return { title: FALLBACK_TITLE, body: text, url: HOME };
}

/** The app's address for a page: the hash-routed app at the worker's scope. */
export function appUrlOf(scope: string, path: string): string {
  return `${scope.replace(/#.*$/, '')}#${appPath(path)}`;
}

export function installPushHandlers(sw: PushWorkerScope): void {
  sw.addEventListener('push', (event) => {
    const payload = parsePushPayload(event.data);
    event.waitUntil(
      Promise.all([
        sw.registration.showNotification(payload.title, {
          body: payload.body,
          data: { url: payload.url },
          ...(payload.tag ? { tag: payload.tag } : {}),
        }),
        // An open app learns of it at once: its badge and the page shown read again.
        sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
          for (const client of windows) {
            if (client.url.startsWith(sw.registration.scope)) client.postMessage({ type: PUSH_ARRIVED_MESSAGE });
          }
        }),
      ]),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | undefined;
    const target = appUrlOf(sw.registration.scope, appPath(data?.url));
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => client.url.startsWith(sw.registration.scope));
        if (open) {
          await open.navigate(target);
          await open.focus();
          return;
        }
        await sw.clients.openWindow(target);
      })(),
    );
  });
}
