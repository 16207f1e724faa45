import { StrictMode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { EndpointDef, StepConnection, StepProvider } from '@stride/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../../test/module-mocks';
import { formatTime } from '../../../lib/format';
import { RequestError, call } from '../../../lib/http';
import { languageStore } from '../../../lib/i18n';
import { ConnectionSection } from './connection-section';

// The request layer is replaced: each endpoint answers from here.
vi.mock('../../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);

const ACTIVE: StepConnection = {
  id: 'c-1',
  provider: 'fitbit',
  accountName: 'Mia Walker',
  status: 'active',
  connectedAt: '2026-11-20T04:00:00Z',
  lastSyncAt: '2026-11-22T03:10:00Z',
  todaySteps: 8_421,
  lastError: null,
  nextSyncAt: '2026-11-22T03:25:00Z',
};

let available: StepProvider[] = [];
let connections: StepConnection[] = [];
/** What each endpoint answers beyond the list; a test sets the ones it uses. */
let answers: Partial<Record<string, (input: unknown) => Promise<unknown>>> = {};

function answer(endpoint: EndpointDef, input: unknown): Promise<unknown> {
  if (endpoint.id === 'stepSources.connections') return Promise.resolve({ available, connections });
  const handler = answers[endpoint.id];
  return handler ? handler(input) : Promise.reject(new Error(`unexpected ${endpoint.id}`));
}

const callsTo = (id: string) => mockedCall.mock.calls.filter(([endpoint]) => endpoint.id === id);

const PAGE_HASH = '#/pages-sub/steps/sources';

beforeEach(() => {
  available = ['huawei', 'fitbit'];
  connections = [];
  answers = {};
  mockedCall.mockImplementation((endpoint, input) => answer(endpoint, input));
  window.history.replaceState(null, '', `/${PAGE_HASH}`);
});

afterEach(() => {
  // Unmounted first: a language change reads the list again.
  cleanup();
  languageStore.set('en');
  mockedCall.mockReset();
});

const noConfirm = () => Promise.resolve(false);

describe('connected accounts', () => {
  it('offers each provider not yet connected, and shows an active account with today’s steps and its syncs', async () => {
    connections = [ACTIVE];
    render(<ConnectionSection query={{}} confirmDisconnect={noConfirm} />);
    const card = await screen.findByRole('listitem', { name: 'Fitbit · Mia Walker' });
    expect(within(card).getByText('Connected')).toBeTruthy();
    expect(within(card).getByTestId('connection-today').textContent).toBe('Today: 8,421 steps');
    expect(card.textContent).toContain(`Last synced ${formatTime(ACTIVE.lastSyncAt!)}`);
    expect(card.textContent).toContain(`Next sync ${formatTime(ACTIVE.nextSyncAt!)}`);
    expect(within(card).queryByTestId('connection-error')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Sync now: Mia Walker' })).toBeTruthy();
    // Fitbit is connected: only Huawei Health is offered.
    expect(screen.getByRole('button', { name: 'Connect Huawei Health' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Fitbit' })).toBeNull();
    expect(screen.getByText(/the day credits the highest one, never the sum/)).toBeTruthy();
  });

  it('shows the last sync error’s message, and a withdrawn account with Reconnect that starts again', async () => {
    const assign = vi.fn();
    connections = [
      {
        ...ACTIVE,
        lastError: {
          code: 'rateLimited',
          message: 'Fitbit asked us to wait: the next sync tries again later.',
          at: '2026-11-22T03:11:00Z',
        },
      },
      {
        ...ACTIVE,
        id: 'c-2',
        provider: 'huawei',
        accountName: 'Mia H',
        status: 'revoked',
        todaySteps: 0,
        lastSyncAt: null,
        nextSyncAt: null,
        lastError: { code: 'revoked', message: 'Access was withdrawn.', at: '2026-11-22T03:00:00Z' },
      },
    ];
    answers['stepSources.connect'] = () => Promise.resolve({ authorizeUrl: 'https://oauth.example/authorize?x=1' });
    render(<ConnectionSection query={{}} confirmDisconnect={noConfirm} assign={assign} />);

    const failing = await screen.findByRole('listitem', { name: 'Fitbit · Mia Walker' });
    expect(within(failing).getByTestId('connection-error').textContent).toBe(
      `Fitbit asked us to wait: the next sync tries again later. · Last attempt ${formatTime('2026-11-22T03:11:00Z')}`,
    );

    const revoked = screen.getByRole('listitem', { name: 'Huawei Health · Mia H' });
    expect(within(revoked).getByText('Access withdrawn')).toBeTruthy();
    expect(within(revoked).getByTestId('connection-revoked').textContent).toBe(
      'Huawei Health no longer lets Stride read your steps. Reconnect to sync again.',
    );
    // The withdrawal is said once, in the card's words; no sync for it, and no next sync time.
    expect(within(revoked).queryByTestId('connection-error')).toBeNull();
    expect(within(revoked).queryByRole('button', { name: /Sync now/ })).toBeNull();
    expect(revoked.textContent).toContain('Not synced yet');
    expect(revoked.textContent).not.toContain('Next sync');
    // Both providers have an account: nothing new to connect.
    expect(screen.queryByRole('button', { name: /^Connect / })).toBeNull();

    fireEvent.click(within(revoked).getByRole('button', { name: 'Reconnect Mia H' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://oauth.example/authorize?x=1'));
    expect(callsTo('stepSources.connect').map(([, input]) => input)).toEqual([{ body: { provider: 'huawei' } }]);
  });

  it('connect asks the server to start and sends the browser to the provider, once for a double tap', async () => {
    const assign = vi.fn();
    answers['stepSources.connect'] = () =>
      Promise.resolve({ authorizeUrl: 'https://www.fitbit.com/oauth2/authorize?s=1' });
    render(<ConnectionSection query={{}} confirmDisconnect={noConfirm} assign={assign} />);
    const button = await screen.findByRole('button', { name: 'Connect Fitbit' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith('https://www.fitbit.com/oauth2/authorize?s=1');
    expect(callsTo('stepSources.connect').map(([, input]) => input)).toEqual([{ body: { provider: 'fitbit' } }]);
    // The page is on its way out: the buttons stay disabled.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Connect Huawei Health' }).disabled).toBe(true);
  });

  it('finishes once from the redirect’s query, even under StrictMode, takes the query out of the address, and lists the account', async () => {
    window.history.replaceState(null, '', `/${PAGE_HASH}?code=abc123&state=st-connected`);
    const created: StepConnection = { ...ACTIVE, id: 'c-9', todaySteps: 512, lastSyncAt: null };
    answers['stepSources.connected'] = () => {
      connections = [created];
      return Promise.resolve(created);
    };
    const query = { code: 'abc123', state: 'st-connected' };
    const { unmount } = render(
      <StrictMode>
        <ConnectionSection query={query} confirmDisconnect={noConfirm} />
      </StrictMode>,
    );
    // "Finishing the connection…" first, then the outcome.
    await waitFor(() => expect(screen.getByTestId('connection-outcome').textContent).toBe('Connected: Mia Walker'));
    expect(callsTo('stepSources.connected').map(([, input]) => input)).toEqual([
      { body: { state: 'st-connected', code: 'abc123' } },
    ]);
    expect(window.location.hash).toBe(PAGE_HASH);
    const card = await screen.findByRole('listitem', { name: 'Fitbit · Mia Walker' });
    expect(within(card).getByTestId('connection-today').textContent).toBe('Today: 512 steps');

    // The page mounted again with the same query (the stack kept its entry): nothing is sent again.
    unmount();
    render(<ConnectionSection query={query} confirmDisconnect={noConfirm} />);
    await screen.findByRole('listitem', { name: 'Fitbit · Mia Walker' });
    expect(callsTo('stepSources.connected')).toHaveLength(1);
    expect(screen.queryByTestId('connection-outcome')).toBeNull();
  });

  it('says the connection was declined when the provider answered access_denied', async () => {
    window.history.replaceState(null, '', `/${PAGE_HASH}?error=access_denied&state=st-declined`);
    answers['stepSources.connected'] = () =>
      Promise.reject(new RequestError('envelope', 1003, 'The connection was not allowed.'));
    render(
      <ConnectionSection query={{ error: 'access_denied', state: 'st-declined' }} confirmDisconnect={noConfirm} />,
    );
    const outcome = await screen.findByTestId('connection-outcome');
    await waitFor(() => expect(outcome.textContent).toBe('The connection was declined: nothing changed.'));
    expect(callsTo('stepSources.connected').map(([, input]) => input)).toEqual([
      { body: { state: 'st-declined', error: 'access_denied' } },
    ]);
    expect(window.location.hash).toBe(PAGE_HASH);
    expect(await screen.findByRole('button', { name: 'Connect Fitbit' })).toBeTruthy();
  });

  it('shows the server’s message, in the user’s language, when finishing is refused', async () => {
    languageStore.set('zh-Hans');
    answers['stepSources.connected'] = () =>
      Promise.reject(new RequestError('envelope', 1003, '连接已过期，请重新连接。'));
    render(<ConnectionSection query={{ code: 'old', state: 'st-expired' }} confirmDisconnect={noConfirm} />);
    const outcome = await screen.findByRole('alert');
    await waitFor(() => expect(outcome.textContent).toBe('连接已过期，请重新连接。'));
    expect(await screen.findByRole('button', { name: '连接华为运动健康' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '已连接的账号' })).toBeTruthy();
  });

  it('sync now shows the answered state', async () => {
    connections = [ACTIVE];
    const synced: StepConnection = { ...ACTIVE, todaySteps: 9_030, lastSyncAt: '2026-11-22T03:20:00Z' };
    answers['stepSources.sync'] = () => Promise.resolve(synced);
    render(<ConnectionSection query={{}} confirmDisconnect={noConfirm} />);
    const card = await screen.findByRole('listitem', { name: 'Fitbit · Mia Walker' });
    fireEvent.click(within(card).getByRole('button', { name: 'Sync now: Mia Walker' }));
    await waitFor(() => expect(within(card).getByTestId('connection-today').textContent).toBe('Today: 9,030 steps'));
    expect(card.textContent).toContain(`Last synced ${formatTime('2026-11-22T03:20:00Z')}`);
    expect(callsTo('stepSources.sync').map(([, input]) => input)).toEqual([{ params: { id: 'c-1' } }]);
    // The toast says it (and is on screen before the test ends, so its timer ends with the test).
    expect(await screen.findByText('Synced')).toBeTruthy();
  });

  it('disconnects only after the confirmation, then offers the provider again', async () => {
    connections = [ACTIVE];
    answers['stepSources.disconnect'] = () => Promise.resolve({ done: true });
    const confirmDisconnect = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    render(<ConnectionSection query={{}} confirmDisconnect={confirmDisconnect} />);
    const button = await screen.findByRole('button', { name: 'Disconnect Mia Walker' });

    fireEvent.click(button);
    await waitFor(() => expect(confirmDisconnect).toHaveBeenCalledTimes(1));
    expect(confirmDisconnect).toHaveBeenCalledWith(ACTIVE, 'Fitbit');
    expect(callsTo('stepSources.disconnect')).toHaveLength(0);
    expect(screen.getByRole('listitem', { name: 'Fitbit · Mia Walker' })).toBeTruthy();

    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Fitbit · Mia Walker' })).toBeNull());
    expect(callsTo('stepSources.disconnect').map(([, input]) => input)).toEqual([{ params: { id: 'c-1' } }]);
    expect(screen.getByRole('button', { name: 'Connect Fitbit' })).toBeTruthy();
    expect(await screen.findByText('Account disconnected')).toBeTruthy();
  });

  it('says so when the server connects no provider', async () => {
    available = [];
    render(<ConnectionSection query={{}} confirmDisconnect={noConfirm} />);
    expect(await screen.findByText('This server cannot connect wearable accounts yet.')).toBeTruthy();
  });
});
