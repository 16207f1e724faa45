import type { ConsoleStepConnection } from '@stride/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dateTime } from '../lib/format';
import { I18nContext } from '../lib/i18n-context';
import { translator } from '../locales';
import { stubLayout } from '../test/browser';
import { StepConnectionsSection } from './step-connections';

// A user's connected wearable accounts on their page (docs/product/step-sources.md, Connected
// accounts): each state as the operator reads it, and a disconnect that asks for a reason.

const USER_ID = '00000000-0000-4000-8000-0000000000aa';

const ACTIVE: ConsoleStepConnection = {
  id: '00000000-0000-4000-8000-000000000001',
  provider: 'fitbit',
  accountName: 'Lin W.',
  status: 'active',
  connectedAt: '2026-03-01T08:00:00.000Z',
  disconnectedAt: null,
  lastSyncAt: '2026-03-10T09:30:00.000Z',
  lastError: null,
  lastErrorAt: null,
  nextSyncAt: '2026-03-10T10:00:00.000Z',
  failures: 0,
};

const REVOKED: ConsoleStepConnection = {
  id: '00000000-0000-4000-8000-000000000002',
  provider: 'huawei',
  accountName: 'lin.huawei',
  status: 'revoked',
  connectedAt: '2026-02-01T08:00:00.000Z',
  disconnectedAt: null,
  lastSyncAt: null,
  lastError: 'revoked',
  lastErrorAt: '2026-03-09T07:00:00.000Z',
  nextSyncAt: null,
  failures: 3,
};

const PAST: ConsoleStepConnection = {
  id: '00000000-0000-4000-8000-000000000003',
  provider: 'fitbit',
  accountName: 'old fitbit',
  status: 'disconnected',
  connectedAt: '2025-12-01T08:00:00.000Z',
  disconnectedAt: '2026-01-05T12:00:00.000Z',
  lastSyncAt: '2026-01-05T11:00:00.000Z',
  lastError: 'rateLimited',
  lastErrorAt: '2026-01-05T11:30:00.000Z',
  nextSyncAt: null,
  failures: 1,
};

let sent: { method: string; url: string; body: unknown }[] = [];
let connections: ConsoleStepConnection[] = [];
/** What the next disconnect answers: the connection as it is after, or a refusal. */
let refuse: { code: number; message: string } | null = null;

function answer(data: unknown, code = 1, message = 'ok') {
  return Promise.resolve(new Response(JSON.stringify({ code, message, data })));
}

beforeEach(() => {
  sent = [];
  connections = [ACTIVE, REVOKED, PAST];
  refuse = null;
  stubLayout();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method: init.method ?? 'GET', url, body });
    if (init.method === 'GET') return answer(connections);
    if (refuse) return answer(null, refuse.code, refuse.message);
    const id = /\/step-connections\/([^/]+)\/disconnect$/.exec(url)?.[1];
    connections = connections.map((row) =>
      row.id === id
        ? { ...row, status: 'disconnected', disconnectedAt: '2026-03-10T10:05:00.000Z', nextSyncAt: null }
        : row,
    );
    return answer(connections.find((row) => row.id === id));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(canDisconnect = true) {
  render(
    <App>
      <StepConnectionsSection userId={USER_ID} canDisconnect={canDisconnect} />
    </App>,
  );
}

/** The table row of one connection, found by its account name. */
async function rowOf(accountName: string): Promise<HTMLElement> {
  const cell = await screen.findByText(accountName);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${accountName}`);
  return row;
}

function openDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const modal = document.querySelector<HTMLElement>('.ant-modal');
    if (!modal) throw new Error('no dialog');
    return modal;
  });
}

describe('step sources on a user’s page', () => {
  it('reads each state: active, access withdrawn, disconnected; never a token', async () => {
    show();
    const active = await rowOf('Lin W.');
    expect(sent[0]).toMatchObject({ method: 'GET', url: `/api/console/users/${USER_ID}/step-connections` });
    expect(within(active).getByText('Fitbit')).toBeTruthy();
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByText(dateTime(ACTIVE.connectedAt, 'en'))).toBeTruthy();
    expect(within(active).getByText(dateTime(ACTIVE.lastSyncAt ?? '', 'en'))).toBeTruthy();
    expect(within(active).getByText(dateTime(ACTIVE.nextSyncAt ?? '', 'en'))).toBeTruthy();
    expect(within(active).getByText('Disconnect')).toBeTruthy();

    const revoked = await rowOf('lin.huawei');
    expect(within(revoked).getByText('Huawei Health')).toBeTruthy();
    expect(within(revoked).getByText('Access withdrawn')).toBeTruthy();
    expect(within(revoked).getByText('Never')).toBeTruthy();
    expect(
      within(revoked).getByText(`Access withdrawn at the provider (${dateTime(REVOKED.lastErrorAt ?? '', 'en')})`),
    ).toBeTruthy();
    expect(within(revoked).getByText('3')).toBeTruthy();
    expect(within(revoked).getByText('Not scheduled')).toBeTruthy();
    expect(within(revoked).getByText('Disconnect')).toBeTruthy();

    const past = await rowOf('old fitbit');
    expect(within(past).getByText('Disconnected')).toBeTruthy();
    expect(within(past).getByText(dateTime(PAST.disconnectedAt ?? '', 'en'))).toBeTruthy();
    expect(within(past).getByText(/^Rate-limited by the provider/)).toBeTruthy();
    expect(within(past).queryByText('Disconnect')).toBeNull();

    expect(screen.getByText(/Their access tokens are never shown/)).toBeTruthy();
  }, 60_000);

  it('offers no disconnect to a role that may not', async () => {
    show(false);
    await rowOf('Lin W.');
    expect(screen.queryByText('Disconnect')).toBeNull();
  }, 60_000);

  it('says so when the user has connected nothing', async () => {
    connections = [];
    show();
    expect(await screen.findByText('No connected account.')).toBeTruthy();
  }, 60_000);

  it('reads in Chinese with the names of providers, states and errors', async () => {
    render(
      <I18nContext.Provider value={{ language: 'zh-Hans', t: translator('zh-Hans'), setLanguage: () => undefined }}>
        <App>
          <StepConnectionsSection userId={USER_ID} canDisconnect />
        </App>
      </I18nContext.Provider>,
    );
    const revoked = await rowOf('lin.huawei');
    expect(within(revoked).getByText('华为运动健康')).toBeTruthy();
    expect(within(revoked).getByText('授权已撤销')).toBeTruthy();
    expect(within(revoked).getByText(/^用户已在服务方撤销授权（/)).toBeTruthy();
    expect(within(revoked).getByText('断开连接')).toBeTruthy();
    expect(screen.getByText(/访问令牌从不显示/)).toBeTruthy();
  }, 60_000);

  it('asks for a reason, disconnects with it, then shows the list again', async () => {
    show();
    fireEvent.click(within(await rowOf('Lin W.')).getByText('Disconnect'));
    const dialog = await openDialog();
    expect(within(dialog).getByText('Disconnect the Fitbit account Lin W.')).toBeTruthy();
    expect(within(dialog).getByText(/Access is revoked at the provider/)).toBeTruthy();

    // No reason, no call.
    await act(async () => {
      fireEvent.click(within(dialog).getByText('OK'));
      await Promise.resolve();
    });
    expect(await within(dialog).findByText('Please give a reason.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: '  user asked by phone  ' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByText('OK'));
      await Promise.resolve();
    });
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `/api/console/step-connections/${ACTIVE.id}/disconnect`,
        body: { reason: 'user asked by phone' },
      },
    ]);
    // The section loads again and shows the account disconnected, with no button left on it.
    await waitFor(() => expect(sent.filter((request) => request.method === 'GET')).toHaveLength(2));
    await waitFor(() =>
      expect(within(screen.getByText('Lin W.').closest('tr') as HTMLElement).queryByText('Disconnect')).toBeNull(),
    );
    const row = await rowOf('Lin W.');
    expect(within(row).getByText('Disconnected')).toBeTruthy();
    expect(await screen.findByText('Account disconnected.')).toBeTruthy();
  }, 60_000);

  it('shows a refusal in the server’s words and the list as it is now', async () => {
    show();
    fireEvent.click(within(await rowOf('lin.huawei')).getByText('Disconnect'));
    const dialog = await openDialog();
    refuse = { code: 1009, message: 'This account is already disconnected.' };
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'duplicate request' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByText('OK'));
      await Promise.resolve();
    });
    expect(await screen.findByText('This account is already disconnected.')).toBeTruthy();
    await waitFor(() => expect(sent.filter((request) => request.method === 'GET')).toHaveLength(2));
  }, 60_000);
});
