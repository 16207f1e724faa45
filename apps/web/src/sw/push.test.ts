import { describe, expect, it, vi } from 'vitest';
import {
  PUSH_ARRIVED_MESSAGE,
  appPath,
  appUrlOf,
  installPushHandlers,
  parsePushPayload,
  type NotificationClickLike,
  type PushEventLike,
  type PushWindowClient,
  type PushWorkerScope,
} from './push';

const SCOPE = 'https://walk.example.com/';

function worker(windows: PushWindowClient[] = []) {
  const listeners: Record<string, (event: never) => void> = {};
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const scope: PushWorkerScope = {
    registration: {
      scope: SCOPE,
      showNotification: (title, options) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: () => Promise.resolve(windows),
      openWindow: (url) => {
        opened.push(url);
        return Promise.resolve(undefined);
      },
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners[type] = listener;
    },
  };
  installPushHandlers(scope);
  const dispatch = async (
    type: 'push' | 'notificationclick',
    event: Omit<PushEventLike | NotificationClickLike, 'waitUntil'>,
  ) => {
    const waits: Promise<unknown>[] = [];
    listeners[type]?.({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) } as never);
    await Promise.all(waits);
  };
  return { shown, opened, dispatch };
}

const data = (value: unknown) => ({ text: () => (typeof value === 'string' ? value : JSON.stringify(value)) });

describe('the service worker’s push handlers', () => {
  it('shows the server’s title and body, with its tag and the page to open', async () => {
    const sw = worker();
    await sw.dispatch('push', {
      data: data({
        title: 'Withdrawal paid',
        body: '¥100.00 reached your bank',
        url: '/pages-sub/withdrawal-detail/index?id=w1',
        tag: 'w1',
      }),
    });
    expect(sw.shown).toEqual([
      {
        title: 'Withdrawal paid',
        options: {
          body: '¥100.00 reached your bank',
          data: { url: '/pages-sub/withdrawal-detail/index?id=w1' },
          tag: 'w1',
        },
      },
    ]);
  });

  it('still shows something for a payload that is not the server’s JSON, or none', () => {
    expect(parsePushPayload(data('plain words'))).toEqual({
      title: 'Stride',
      body: 'plain words',
      url: '/pages/index/index',
    });
    expect(parsePushPayload(null)).toEqual({ title: 'Stride', body: '', url: '/pages/index/index' });
    expect(parsePushPayload(data({ title: '', body: 7, url: 'https://evil.example/' }))).toEqual({
      title: 'Stride',
      body: '',
      url: '/pages/index/index',
    });
  });

  it('opens only pages of the app', () => {
    expect(appPath('/pages-sub/steps/walk')).toBe('/pages-sub/steps/walk');
    expect(appPath('/pages/my/index')).toBe('/pages/my/index');
    for (const bad of [
      'https://evil.example/pages/index/index',
      '//evil.example/x',
      'javascript:alert(1)',
      '/api/user',
      3,
    ]) {
      expect(appPath(bad)).toBe('/pages/index/index');
    }
    expect(appUrlOf(SCOPE, '/pages-sub/steps/walk')).toBe('https://walk.example.com/#/pages-sub/steps/walk');
  });

  it('tells every open window of the app that a push arrived, so that it reads again', async () => {
    const client = { url: `${SCOPE}#/pages/index/index`, focus: vi.fn(), navigate: vi.fn(), postMessage: vi.fn() };
    const other = { url: 'https://other.example/', focus: vi.fn(), navigate: vi.fn(), postMessage: vi.fn() };
    const sw = worker([other, client]);
    await sw.dispatch('push', { data: data({ title: 'Withdrawal paid', body: '', url: '/pages/my/index' }) });
    expect(sw.shown).toHaveLength(1);
    expect(client.postMessage).toHaveBeenCalledWith({ type: PUSH_ARRIVED_MESSAGE });
    expect(other.postMessage).not.toHaveBeenCalled();
  });

  it('on a tap, moves an open window of the app to the page and focuses it', async () => {
    const client = {
      url: `${SCOPE}#/pages/my/index`,
      focus: vi.fn(() => Promise.resolve()),
      navigate: vi.fn(() => Promise.resolve()),
      postMessage: vi.fn(),
    };
    const other = { url: 'https://other.example/', focus: vi.fn(), navigate: vi.fn(), postMessage: vi.fn() };
    const sw = worker([other, client]);
    const close = vi.fn();
    await sw.dispatch('notificationclick', { notification: { data: { url: '/pages-sub/steps/walk' }, close } });
    expect(close).toHaveBeenCalledOnce();
    expect(client.navigate).toHaveBeenCalledWith('https://walk.example.com/#/pages-sub/steps/walk');
    expect(client.focus).toHaveBeenCalledOnce();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(sw.opened).toEqual([]);
  });

  it('on a tap with no window of the app open, opens one on the page', async () => {
    const sw = worker();
    await sw.dispatch('notificationclick', {
      notification: { data: { url: '/pages-sub/withdrawal-detail/index?id=w1' }, close: () => undefined },
    });
    expect(sw.opened).toEqual(['https://walk.example.com/#/pages-sub/withdrawal-detail/index?id=w1']);
  });
});
