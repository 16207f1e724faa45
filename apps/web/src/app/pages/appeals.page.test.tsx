import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Appeal } from '@stride/contract';
import { describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import { answerCallsInEachTest } from '../../test/call-answers';
import AppealsPage from './appeals.page';

// The request layer is replaced: the appeals answer from here.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);

const appeal = (fields: Partial<Appeal>): Appeal => ({
  id: 'a-1',
  kind: 'step-day',
  subject: '2026-03-02',
  note: 'I walked to work',
  imageUrl: null,
  status: 'open',
  createdAt: '2026-03-02T10:00:00Z',
  dueAt: '2099-03-05T10:00:00Z',
  decisionHours: 72,
  overdue: false,
  decidedAt: null,
  reason: null,
  reply: null,
  ...fields,
});

let mine: Appeal[] = [];

answerCallsInEachTest(mockedCall, {
  'appeals.list': () => ({ items: mine, decisionHours: 72 }),
  'appeals.create': (input) => {
    const sent = appeal({ id: 'a-new', ...(input as { body: Partial<Appeal> }).body });
    mine = [sent, ...mine];
    return sent;
  },
});

describe('the appeals page', () => {
  it('appeals a held day from its receipt’s link: a note is needed, then it is sent and listed', async () => {
    mine = [];
    render(<AppealsPage query={{ kind: 'step-day', subject: '2026-03-02' }} />);
    const form = await screen.findByRole('form', { name: 'Appeal the review of Mar 2, 2026' });
    expect(within(form).getByText(/a reviewer answers within 72 hours/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send appeal' }));
    expect(await within(form).findByText('Write what happened')).toBeTruthy();
    expect(mockedCall.mock.calls.some(([endpoint]) => endpoint.id === 'appeals.create')).toBe(false);
    fireEvent.change(within(form).getByLabelText('What happened'), { target: { value: '  My watch shows 12,000  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('Appeal sent')).toBeTruthy();
    const sent = mockedCall.mock.calls.find(([endpoint]) => endpoint.id === 'appeals.create')?.[1];
    expect(sent?.body).toEqual({ kind: 'step-day', subject: '2026-03-02', note: 'My watch shows 12,000' });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(screen.getByRole('article', { name: 'The day Mar 2, 2026' })).toBeTruthy();
  });

  it('shows an appeal already sent instead of the form, a late one as late, and a decision with its reason', async () => {
    mine = [
      appeal({ id: 'a-2', dueAt: '2026-03-05T10:00:00Z', overdue: true }),
      appeal({
        id: 'a-3',
        kind: 'report',
        subject: 'r-1',
        status: 'refused',
        decidedAt: '2026-03-03T10:00:00Z',
        reason: 'contentAllowed',
        reply: 'A nickname may say that',
      }),
    ];
    render(<AppealsPage query={{ kind: 'step-day', subject: '2026-03-02' }} />);
    const late = await screen.findByRole('article', { name: 'The day Mar 2, 2026' });
    expect(screen.queryByRole('form')).toBeNull();
    expect(within(late).getByText(/^The decision is late: it was due by/)).toBeTruthy();
    const report = screen.getByRole('article', { name: 'Your report' });
    expect(within(report).getByText('Refused')).toBeTruthy();
    expect(within(report).getByText('Why: the content is within the rules.')).toBeTruthy();
    expect(within(report).getByText('The reviewer wrote: “A nickname may say that”')).toBeTruthy();
    expect(within(report).queryByRole('button', { name: 'See the day' })).toBeNull();
  });
});
