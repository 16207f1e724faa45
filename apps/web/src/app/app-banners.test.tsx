import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../lib/i18n';
import { createConnectivity } from '../lib/connectivity';
import { AppBanners } from './app-banners';
import { createUpdateStore } from './app-update';

function setup() {
  const connectivity = createConnectivity({
    isBrowserOnline: () => true,
    probe: () => new Promise<boolean>(() => undefined),
    setTimeout: () => undefined,
    clearTimeout: () => undefined,
  });
  const updates = createUpdateStore();
  render(<AppBanners connectivity={connectivity} updates={updates} />);
  return { connectivity, updates };
}

afterEach(() => {
  languageStore.set('en');
});

describe('app banners', () => {
  it('the offline banner shows while the API cannot be reached and goes when it answers again', () => {
    const { connectivity } = setup();
    expect(screen.queryByRole('status')).toBeNull();
    act(() => connectivity.reportReachable(false));
    expect(screen.getByRole('status').textContent).toBe(
      'You’re offline. What you see may be out of date; you can make changes again once you’re back online.',
    );
    act(() => languageStore.set('zh-Hans'));
    expect(screen.getByRole('status').textContent).toBe(
      '当前处于离线状态。显示的内容可能不是最新的；恢复联网后才能进行更改。',
    );
    act(() => connectivity.reportReachable(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a waiting new version offers Reload, which switches to it', () => {
    const { updates } = setup();
    expect(screen.queryByRole('alert')).toBeNull();
    const apply = vi.fn(() => Promise.resolve());
    act(() => updates.setWaiting(apply));
    expect(screen.getByRole('alert').textContent).toContain('A new version of Stride is ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
