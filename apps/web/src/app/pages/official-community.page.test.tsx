import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OfficialCommunityPage from './official-community.page';

function serveChannels(channels: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ code: 1, message: 'success', data: channels })))),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OfficialCommunityPage', () => {
  it('says plainly that there are no channels yet when none is configured (a production start)', async () => {
    serveChannels([]);
    render(<OfficialCommunityPage />);
    expect(await screen.findByText('No community channels yet. Please check back later.')).toBeTruthy();
  });
});
