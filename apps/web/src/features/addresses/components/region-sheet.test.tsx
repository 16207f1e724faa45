import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import RegionSheet from './region-sheet';

describe('the region sheet', () => {
  it('has Cancel and OK as buttons, and OK picks a whole path only', async () => {
    const onPick = vi.fn();
    const onClose = vi.fn();
    render(<RegionSheet visible value="" onPick={onPick} onClose={onClose} />);
    const sheet = await screen.findByRole('dialog', { name: 'Choose the region' });
    const ok = within(sheet).getByRole('button', { name: 'OK' });
    expect(ok.tagName).toBe('BUTTON');
    expect(within(sheet).getByRole('button', { name: 'Cancel' }).tagName).toBe('BUTTON');

    fireEvent.click(within(sheet).getAllByText('上海市')[0]!);
    fireEvent.click(ok);
    // A province alone is not a region.
    expect(onPick).not.toHaveBeenCalled();
    expect(ok.getAttribute('aria-disabled')).toBe('true');
    // Shanghai's one city is named like the province.
    fireEvent.click((await within(sheet).findAllByText('上海市')).at(-1)!);
    fireEvent.click(await within(sheet).findByText('浦东新区'));
    expect(ok.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(ok);
    expect(onPick).toHaveBeenCalledWith(expect.stringMatching(/^上海市 .*浦东新区$/));

    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
