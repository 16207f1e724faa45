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
});
