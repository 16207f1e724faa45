import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast } from '../toast';
import { kitRoots, unmountKitRoots } from './roots';

// Toasts and dialogs render into roots of their own, which Testing Library's cleanup never sees.
describe("the kit's own roots", () => {
  it('are all unmounted at once, leaving nothing on the page', async () => {
    await act(() => showToast('Saved for now'));
    expect(await screen.findByText('Saved for now')).toBeTruthy();
    expect(kitRoots.size).toBe(1);

    act(() => unmountKitRoots());
    expect(screen.queryByText('Saved for now')).toBeNull();
    expect(kitRoots.size).toBe(0);
  });

  it('are gone by the next test: a toast shown by one test does not outlive it', async () => {
    await act(() => showToast('Left over from before'));
    expect(await screen.findByText('Left over from before')).toBeTruthy();
  });

  it('start each test empty', () => {
    // The toast above lasts 1500 ms; without the setup's unmount it would still be shown here.
    expect(screen.queryByText('Left over from before')).toBeNull();
    expect(kitRoots.size).toBe(0);
  });
});
