import { lazy, Suspense, type ComponentType } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../test/console';
import { PageErrorBoundary } from './page-error-boundary';

/** The boundary around a page whose chunk fails to load, as when the connection drops; its `onRetry`. */
function renderFailedChunk() {
  allowConsoleErrors();
  const Broken = lazy<ComponentType>(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
  const onRetry = vi.fn();
  render(
    <PageErrorBoundary message="The connection timed out, click the screen to try again." onRetry={onRetry}>
      <Suspense fallback={null}>
        <Broken />
      </Suspense>
    </PageErrorBoundary>,
  );
  return onRetry;
}

describe('PageErrorBoundary', () => {
  it('shows the timeout text when a page chunk fails to load, and reloads on tap', async () => {
    const onRetry = renderFailedChunk();
    fireEvent.click(
      await screen.findByRole('button', { name: 'The connection timed out, click the screen to try again.' }),
    );
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('tries again by itself when the browser comes back online', async () => {
    const onRetry = renderFailedChunk();
    await screen.findByRole('button', { name: 'The connection timed out, click the screen to try again.' });
    window.dispatchEvent(new Event('online'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
