import type { ConsoleModerationItem } from '@stride/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endBrowserTest, renderInApp, stubLayout, stubServer, type SentRequest } from '../test/browser';
import ModerationPage from './moderation.page';

// The reviewers' queue of reported content (docs/console/reviewer.md, Reported content).

const NICKNAME: ConsoleModerationItem = {
  kind: 'nickname',
  id: '00000000-0000-4000-8000-000000000001',
  ownerId: '00000000-0000-4000-8000-000000000001',
  ownerMobileMasked: '138****0001',
  text: 'Rude Walker',
  imageUrl: null,
  reports: 3,
  reasons: [
    { reason: 'offensive', count: 2 },
    { reason: 'spam', count: 1 },
  ],
  notes: ['Says bad words'],
  firstReportedAt: '2026-11-20T02:00:00.000Z',
  version: 3,
};
const CLUB: ConsoleModerationItem = {
  ...NICKNAME,
  kind: 'club',
  id: '00000000-0000-4000-8000-000000000009',
  text: 'Odd club',
  reports: 1,
  reasons: [{ reason: 'other', count: 1 }],
  notes: [],
  version: 1,
};

let sent: SentRequest[] = [];
let answer: { code: number; message: string; data: unknown };
const QUEUE = {
  code: 1,
  message: 'ok',
  data: { items: [NICKNAME, CLUB], page: 1, pageSize: 20, total: 2, hasMore: false },
};

beforeEach(() => {
  answer = { code: 1, message: 'ok', data: { decision: 'hide', closedReports: 3 } };
  stubLayout();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  sent = stubServer((request) => (request.method === 'POST' ? answer : QUEUE));
  return endBrowserTest;
});

const show = () => renderInApp(<ModerationPage />);

async function decideWith(button: string, row: number, reason: string) {
  fireEvent.click((await screen.findAllByText(button))[row] as HTMLElement);
  const dialog = await waitFor(() => {
    const modal = document.querySelector<HTMLElement>('.ant-modal');
    if (!modal) throw new Error('no dialog');
    return modal;
  });
  fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: reason } });
  await act(async () => {
    fireEvent.click(within(dialog).getByText('OK'));
    await Promise.resolve();
  });
  return dialog;
}

describe('reported content screen', () => {
  it('lists each reported content with its owner, count, reasons and notes', async () => {
    show();
    expect(await screen.findByText('Rude Walker')).toBeTruthy();
    expect(screen.getByText('Odd club')).toBeTruthy();
    expect(screen.getAllByText('138****0001')).toHaveLength(2);
    expect(screen.getByText('Offensive × 2')).toBeTruthy();
    expect(screen.getByText('Spam × 1')).toBeTruthy();
    expect(screen.getByText('Says bad words')).toBeTruthy();
    expect(screen.getByText('Club name')).toBeTruthy();
    expect(sent[0]?.url).toMatch(/^\/api\/console\/moderation\?/);
  });

  it('hides at the version shown with the reason typed, and dismisses the club’s reports', async () => {
    show();
    const dialog = await decideWith('Hide', 0, 'Offensive name');
    expect(within(dialog).getByText('Hide this nickname')).toBeTruthy();
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        url: `/api/console/moderation/nickname/${NICKNAME.id}/decide`,
        body: { decision: 'hide', reason: 'Offensive name', version: 3 },
      }),
    );
    expect(await screen.findByText('Hidden; its reports are closed.')).toBeTruthy();

    answer = { code: 1, message: 'ok', data: { decision: 'dismiss', closedReports: 1 } };
    await decideWith('Dismiss', 1, 'Nothing wrong');
    await waitFor(() =>
      expect(sent.filter((call) => call.method === 'POST').at(-1)).toEqual({
        method: 'POST',
        url: `/api/console/moderation/club/${CLUB.id}/decide`,
        body: { decision: 'dismiss', reason: 'Nothing wrong', version: 1 },
      }),
    );
  }, 60_000);

  it('shows a stale decision’s refusal and reads the queue again', async () => {
    answer = { code: 1017, message: 'Someone changed this meanwhile.', data: null };
    show();
    await decideWith('Freeze', 0, 'Spam account');
    expect(await screen.findByText('Someone changed this meanwhile.')).toBeTruthy();
    await waitFor(() => expect(sent.filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(2));
  }, 60_000);
});
