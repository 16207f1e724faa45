import { getHome, listMyCards } from '@stride/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceChange } from '../data-changed';
import { languageStore } from '../i18n/language';
import { userStore } from '../storage/user-store';
import { askEarly } from './early';
import { call } from '.';
import { testUser } from '../../test/fixtures';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 1, message: 'success', data }), { status: 200 });

/** The start script's read of `path`, answering `data` (early.ts). */
function askedAtStart(path: string, data: unknown) {
  askEarly(`${window.location.origin}${path}`, 'tok', languageStore.get(), () => Promise.resolve(envelope(data)));
}

afterEach(() => {
  userStore.clear();
  vi.unstubAllGlobals();
});

describe("the app's client and the start's early reads (decisions 060, 066, 076)", () => {
  it('serves the first read from the start, and nothing after the user came back to the app, not even a start read', async () => {
    userStore.setSession('tok', testUser({ account: '13800138000', createdAt: '2026-01-01T00:00:00Z' }));
    const fetch = vi.fn(() => Promise.resolve(envelope([])));
    vi.stubGlobal('fetch', fetch);
    askedAtStart('/api/home', { points: 0 });
    askedAtStart('/api/member_card/my', [{ id: 'start' }]);
    // The page's own first read: the start's answer, no request of its own.
    expect(await call(getHome, {})).toEqual({ points: 0 });
    expect(fetch).not.toHaveBeenCalled();

    // Back from another app within the first seconds: what the start read may be stale now.
    await announceChange('return');
    expect(await call(getHome, {}, { startRead: true })).toEqual([]);
    expect(await call(listMyCards, {})).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
