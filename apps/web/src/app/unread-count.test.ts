import { describe, expect, it, vi } from 'vitest';
import type { UnreadStore } from '../features/notifications/unread-store';
import { createUserStore } from '../lib/storage/user-store';
import { PUSH_ARRIVED_MESSAGE } from '../sw/push';
import { runUnreadCount } from './unread-count';
import { testUser } from '../test/fixtures';

function fakeStore(): UnreadStore {
  return {
    getCount: () => 0,
    subscribe: () => () => undefined,
    refresh: vi.fn(),
    set: vi.fn(),
    start: vi.fn(),
    stop: vi.fn(),
  };
}

describe('the unread count while the app runs', () => {
  it('reads the count again when the service worker says a push arrived, and only then', () => {
    const storage = window.sessionStorage;
    storage.clear();
    const users = createUserStore(storage);
    users.setSession('tok', testUser({ account: '13800138000', createdAt: '2026-01-01T00:00:00Z' }));
    const store = fakeStore();
    const worker = new EventTarget();
    const stop = runUnreadCount(store, users, worker);
    expect(store.start).toHaveBeenCalledOnce();

    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
    worker.dispatchEvent(new MessageEvent('message', { data: 'stride:push-arrived' }));
    expect(store.refresh).not.toHaveBeenCalled();
    worker.dispatchEvent(new MessageEvent('message', { data: { type: PUSH_ARRIVED_MESSAGE } }));
    expect(store.refresh).toHaveBeenCalledOnce();

    stop();
    worker.dispatchEvent(new MessageEvent('message', { data: { type: PUSH_ARRIVED_MESSAGE } }));
    expect(store.refresh).toHaveBeenCalledOnce();
    storage.clear();
  });
});
