import { describe, expect, it, vi } from 'vitest';

const show = vi.fn();
const clear = vi.fn();
vi.mock('./toast-kit', () => ({ Toast: { show, clear } }));

const { TOAST_DURATION_MS, hideLoading, showLoading, showToast } = await import('./toast');

describe('toast', () => {
  it('shows a toast for 1500 ms by default', async () => {
    await showToast('Content copied');
    expect(TOAST_DURATION_MS).toBe(1500);
    expect(show).toHaveBeenLastCalledWith({ content: 'Content copied', duration: 1500 });
  });

  it('keeps the loading toast until it is hidden, in call order', async () => {
    show.mockClear();
    clear.mockClear();
    const shown = showLoading('Loading…');
    const hidden = hideLoading();
    await Promise.all([shown, hidden]);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ icon: 'loading', duration: 0 }));
    expect(clear).toHaveBeenCalledTimes(1);
    expect(show.mock.invocationCallOrder[0]).toBeLessThan(clear.mock.invocationCallOrder[0] ?? 0);
  });

  it('lets the tests wait until a toast asked for while the kit still loads has reached it', async () => {
    vi.resetModules();
    let loaded: () => void = () => undefined;
    const loading = new Promise<void>((resolve) => (loaded = resolve));
    const later = vi.fn();
    vi.doMock('./toast-kit', async () => {
      await loading;
      return { Toast: { show: later, clear } };
    });
    const fresh = await import('./toast');
    void fresh.showToast('Saved');
    let handedOver = false;
    const waited = fresh.toastsHandedOver().then(() => (handedOver = true));
    await Promise.resolve();
    expect([handedOver, later.mock.calls.length]).toEqual([false, 0]);
    loaded();
    await waited;
    expect(later).toHaveBeenCalledWith({ content: 'Saved', duration: 1500 });
  });
});
