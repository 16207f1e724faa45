import type { ConsoleAppeal } from '@stride/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endBrowserTest, renderInApp, stubLayout, stubServer, type SentRequest } from '../test/browser';
import AppealsPage from './appeals.page';

// The reviewers' queue of appeals (docs/console/reviewer.md, Appeals).

const USER = '00000000-0000-4000-8000-000000000001';
const DAY_APPEAL: ConsoleAppeal = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'step-day',
  subject: '2026-11-18',
  userId: USER,
  mobile: '138****0001',
  note: 'I walked to the lake and back.',
  hasImage: true,
  status: 'open',
  createdAt: '2026-11-18T10:00:00.000Z',
  dueAt: '2026-11-21T10:00:00.000Z',
  overdue: true,
  decidedAt: null,
  reason: null,
  reply: null,
  day: {
    id: '00000000-0000-4000-8000-0000000000d1',
    userId: USER,
    mobile: '138****0001',
    day: '2026-11-18',
    steps: 24_000,
    status: 'flagged',
    reasons: ['regularRhythm'],
    sources: [
      { kind: 'companion', name: null, steps: 24_000 },
      { kind: 'device', name: 'Pocket pedometer', steps: 9_000 },
    ],
    heldPoints: 240,
    heldCashBack: 300,
    flaggedAt: '2026-11-18T16:00:00.000Z',
    decidedAt: null,
    note: null,
    version: 2,
  },
  report: null,
  inviteReward: null,
  version: 4,
};
const REPORT_APPEAL: ConsoleAppeal = {
  ...DAY_APPEAL,
  id: '00000000-0000-4000-8000-0000000000a2',
  kind: 'report',
  subject: '00000000-0000-4000-8000-0000000000b1',
  note: 'This club name insults my town.',
  hasImage: false,
  overdue: false,
  day: null,
  report: {
    kind: 'club',
    targetId: '00000000-0000-4000-8000-0000000000c1',
    reason: 'offensive',
    note: 'Rude about us',
    text: 'Lazy Townies',
    reportedAt: '2026-11-15T08:00:00.000Z',
    dismissedAt: '2026-11-16T08:00:00.000Z',
  },
  version: 1,
};
const DECIDED: ConsoleAppeal = {
  ...REPORT_APPEAL,
  status: 'granted',
  decidedAt: '2026-11-17T09:00:00.000Z',
  reason: 'reviewMistake',
  reply: 'We hid the name.',
  version: 2,
};

const page = (items: ConsoleAppeal[]) => ({
  code: 1,
  message: 'ok',
  data: { items, page: 1, pageSize: 20, total: items.length, hasMore: false },
});

let sent: SentRequest[] = [];
let pictures: string[] = [];
let answer: { code: number; message: string; data: unknown };

beforeEach(() => {
  answer = { code: 1, message: 'ok', data: { ...DAY_APPEAL, status: 'granted' } };
  pictures = [];
  stubLayout();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  sent = stubServer((request) => {
    if (request.method === 'POST') return answer;
    return request.url.includes('status=decided') ? page([DECIDED]) : page([DAY_APPEAL, REPORT_APPEAL]);
  });
  // The picture is the image itself, shown through an object URL.
  const json = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (!url.endsWith('/image')) return json(url, init);
    pictures.push(url);
    return Promise.resolve(new Response(new Blob(['png']), { headers: { 'content-type': 'image/png' } }));
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:appeal', revokeObjectURL: vi.fn() }));
  return endBrowserTest;
});

const show = () => renderInApp(<AppealsPage />);

async function openDecision(row: number) {
  fireEvent.click((await screen.findAllByRole('button', { name: 'Decide' }))[row] as HTMLElement);
  return waitFor(() => {
    const modal = document.querySelector<HTMLElement>('.ant-modal');
    if (!modal) throw new Error('no dialog');
    return modal;
  });
}

const reasonsIn = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll('#reason label')).map((label) => label.textContent);

describe('appeals screen', () => {
  it('shows an open day appeal with its evidence, the picture and the overdue mark', async () => {
    show();
    expect(await screen.findByText('I walked to the lake and back.')).toBeTruthy();
    expect(sent[0]?.url).toMatch(/^\/api\/console\/appeals\?/);
    expect(sent[0]?.url).toContain('status=open');
    const row = screen.getByText('I walked to the lake and back.').closest('tr') as HTMLElement;
    expect(within(row).getByText('138****0001')).toBeTruthy();
    expect(within(row).getByText('11/18/2026')).toBeTruthy();
    expect(within(row).getByText('Waiting')).toBeTruthy();
    expect(within(row).getByText('Steps too regular (machine-like)')).toBeTruthy();
    expect(within(row).getByText('Companion app: 24,000')).toBeTruthy();
    expect(within(row).getByText('Pocket pedometer: 9,000')).toBeTruthy();
    expect(within(row).getByText('240 points · ¥3.00')).toBeTruthy();
    expect(within(row).getByText('Overdue')).toBeTruthy();
    expect((await within(row).findByTestId<HTMLImageElement>('appeal-picture')).src).toBe('blob:appeal');
    expect(pictures).toEqual([`/api/console/appeals/${DAY_APPEAL.id}/image`]);

    // The report's appeal: what was reported, why, and the content now; not overdue, no picture.
    const report = screen.getByText('This club name insults my town.').closest('tr') as HTMLElement;
    expect(within(report).getByText('Club name')).toBeTruthy();
    expect(within(report).getByText('Offensive')).toBeTruthy();
    expect(within(report).getByText('Rude about us')).toBeTruthy();
    expect(within(report).getByText('Lazy Townies')).toBeTruthy();
    expect(within(report).queryByText('Overdue')).toBeNull();
    expect(within(report).queryByTestId('appeal-picture')).toBeNull();
  }, 60_000);

  it('grants with the reason chosen and the reply, at the version shown', async () => {
    show();
    const dialog = await openDecision(0);
    expect(within(dialog).getByText('Decide the appeal of 138****0001')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Grant'));
    await waitFor(() =>
      expect(reasonsIn(dialog)).toEqual(['What the user sent is convincing', 'The first decision was a mistake']),
    );
    fireEvent.click(within(dialog).getByLabelText('What the user sent is convincing'));
    fireEvent.change(within(dialog).getByLabelText('Reply to the user (optional, in your own words)'), {
      target: { value: '  The photo shows the walk.  ' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Grant' }));
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        url: `/api/console/appeals/${DAY_APPEAL.id}/decide`,
        body: { decision: 'grant', reason: 'evidenceConvincing', reply: 'The photo shows the walk.', version: 4 },
      }),
    );
    expect(await screen.findByText('Appeal granted; the user is told.')).toBeTruthy();
    await waitFor(() => expect(sent.filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(2));
  }, 60_000);

  it('lists only refusal reasons for a refusal, those that fit the appeal', async () => {
    show();
    const dialog = await openDecision(0);
    fireEvent.click(within(dialog).getByLabelText('Refuse'));
    expect(
      await within(dialog).findByText('A held day is rejected and pays nothing; a rejected day stays rejected.'),
    ).toBeTruthy();
    expect(reasonsIn(dialog)).toEqual([
      'What the user sent does not outweigh what the review found',
      'The rule applies as it was',
    ]);
    // Nothing is sent without a reason.
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
      await Promise.resolve();
    });
    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  }, 60_000);

  it('lists the report’s refusal reasons, and a stale refusal reloads the list', async () => {
    answer = { code: 1017, message: 'Someone changed this meanwhile.', data: null };
    show();
    const dialog = await openDecision(1);
    fireEvent.click(within(dialog).getByLabelText('Refuse'));
    await waitFor(() =>
      expect(reasonsIn(dialog)).toEqual([
        'What the user sent does not outweigh what the review found',
        'The content is within the rules',
      ]),
    );
    fireEvent.click(within(dialog).getByLabelText('The content is within the rules'));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
      await Promise.resolve();
    });
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'POST')?.body).toEqual({
        decision: 'refuse',
        reason: 'contentAllowed',
        version: 1,
      }),
    );
    expect(await screen.findByText('Someone changed this meanwhile.')).toBeTruthy();
    expect(
      await screen.findByText(
        'Someone decided this appeal or changed what it is about meanwhile; the list was reloaded.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(sent.filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(2));
  }, 60_000);

  it('shows a decided appeal’s decision, reason, reply and time', async () => {
    show();
    fireEvent.click(await screen.findByText('Decided'));
    expect(await screen.findByText('Granted')).toBeTruthy();
    expect(sent.at(-1)?.url).toContain('status=decided');
    expect(screen.getByText('The first decision was a mistake')).toBeTruthy();
    expect(screen.getByText('We hid the name.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decide' })).toBeNull();
  }, 60_000);
});
