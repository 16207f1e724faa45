import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { reportContent, type Friend } from '@stride/contract';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../../test/module-mocks';
import { showToast } from '../../../components/toast';
import { call } from '../../../lib/http';
import { languageStore } from '../../../lib/i18n';
import { FriendList } from './friend-people';
import { ReportSheet, reportTargetsOf, type ReportTarget } from './report-sheet';

// The report sheet (docs/product/moderation.md): which content, then why; the report goes out at once.
vi.mock('../../../lib/http', (original) => withMocked(original, 'call'));
vi.mock('../../../components/toast', () => ({ showToast: vi.fn(() => Promise.resolve()) }));

const mockedCall = vi.mocked(call);

afterEach(() => {
  languageStore.set('en');
  vi.clearAllMocks();
});

const friend = (extra: Partial<Friend> = {}): Friend => ({
  id: 'u-1',
  name: 'Walker Li',
  avatarUrl: '/api/friends/u-1/avatar',
  since: '2026-11-20T00:00:00.000Z',
  today: null,
  ...extra,
});

function Friends({ friends }: { readonly friends: readonly Friend[] }) {
  const [reporting, setReporting] = useState<readonly ReportTarget[] | null>(null);
  return (
    <>
      <FriendList
        friends={friends}
        blocked={[]}
        onRemove={() => undefined}
        onBlock={() => undefined}
        onUnblock={() => undefined}
        onReport={(person) => setReporting(reportTargetsOf(person))}
      />
      <ReportSheet targets={reporting} onClose={() => setReporting(null)} />
    </>
  );
}

describe('the report sheet', () => {
  it('asks which content and why, posts the report and thanks the user', async () => {
    mockedCall.mockResolvedValue({ done: true });
    render(<Friends friends={[friend()]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    fireEvent.click(screen.getByRole('button', { name: 'Report the picture' }));
    expect(screen.getByRole('dialog', { name: 'Why are you reporting Walker Li?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Offensive' }));
    await waitFor(() => expect(vi.mocked(showToast)).toHaveBeenCalledWith('Thank you, a reviewer will look at it'));
    expect(mockedCall).toHaveBeenCalledTimes(1);
    expect(mockedCall).toHaveBeenCalledWith(reportContent, {
      body: { kind: 'avatar', id: 'u-1', reason: 'offensive' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes straight to the reasons for a name alone, and offers nothing for a masked number', async () => {
    mockedCall.mockResolvedValue({ done: true });
    languageStore.set('zh-Hans');
    render(
      <Friends friends={[friend({ avatarUrl: null }), friend({ id: 'u-2', name: '138****0002', avatarUrl: null })]} />,
    );
    const buttons = screen.getAllByRole('button', { name: '举报' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: '垃圾信息或广告' }));
    await waitFor(() => expect(vi.mocked(showToast)).toHaveBeenCalledWith('谢谢，审核员会查看'));
    expect(mockedCall).toHaveBeenCalledWith(reportContent, { body: { kind: 'nickname', id: 'u-1', reason: 'spam' } });
  });
});
