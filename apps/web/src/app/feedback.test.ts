import { describe, expect, it, vi } from 'vitest';

const showToast = vi.fn(() => Promise.resolve());
const copyText = vi.fn<(text: string) => Promise<boolean>>();
vi.mock('../components/toast', () => ({ showToast }));
vi.mock('../lib/clipboard', () => ({ copyText }));

const { copyWithToast } = await import('./feedback');

describe('copyWithToast', () => {
  it('toasts "Content copied" when the copy worked', async () => {
    copyText.mockResolvedValueOnce(true);
    await expect(copyWithToast('ABCD1234')).resolves.toBe(true);
    expect(copyText).toHaveBeenCalledWith('ABCD1234');
    expect(showToast).toHaveBeenLastCalledWith('Content copied');
  });

  it('toasts the manual-copy text when the browser refused', async () => {
    copyText.mockResolvedValueOnce(false);
    await expect(copyWithToast('ABCD1234')).resolves.toBe(false);
    expect(showToast).toHaveBeenLastCalledWith('Copy failed, please copy manually');
  });
});
