import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { handOverLoginNotice, takeLoginNotice } from '../features/auth/login-notice';
import type { Dialogs } from './dialogs';
import { createRequestUi, type RequestUiDeps } from './wire-request-ui';

function setup(route: string | null = '/pages-sub/card/index', confirmed = true) {
  const dialogs = {
    alert: vi.fn<Dialogs['alert']>(() => Promise.resolve()),
    confirm: vi.fn<Dialogs['confirm']>(() => Promise.resolve(confirmed)),
  };
  const deps = {
    dialogs: () => Promise.resolve(dialogs),
    currentUrl: () => (route === null ? undefined : { route, url: `${route}?a=1` }),
    reLaunch: vi.fn<RequestUiDeps['reLaunch']>(() => Promise.resolve()),
    navigateTo: vi.fn<RequestUiDeps['navigateTo']>(() => Promise.resolve()),
  };
  return { ui: createRequestUi(deps), dialogs, deps };
}

describe('request UI wiring', () => {
  it('1001: goes to login remembering the page, and shows the message with only OK', async () => {
    const { ui, dialogs, deps } = setup();
    ui.sessionInvalid({ message: 'Please log in again', hidden: false });
    expect(deps.reLaunch).toHaveBeenCalledWith(
      `/pages/login/index?redirect=${encodeURIComponent('/pages-sub/card/index?a=1')}`,
    );
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith('Please log in again'));
    expect(dialogs.confirm).not.toHaveBeenCalled();
  });

  it('1001 hidden: goes to login without a dialog; on the login page it stays', async () => {
    const { ui, dialogs, deps } = setup();
    ui.sessionInvalid({ message: '', hidden: true });
    expect(deps.reLaunch).toHaveBeenCalledTimes(1);
    const onLogin = setup('/pages/login/index');
    onLogin.ui.sessionInvalid({ message: '', hidden: false });
    expect(onLogin.deps.reLaunch).not.toHaveBeenCalled();
    await waitFor(() => expect(onLogin.dialogs.alert).toHaveBeenCalledWith('request error'));
    expect(dialogs.alert).not.toHaveBeenCalled();
  });

  it('1001 with no dialog (a hidden call, or the start refusing a stored token): the login page says it, once', async () => {
    const { ui, dialogs } = setup();
    ui.sessionInvalid({ message: 'Your session has ended. Please log in again.', hidden: true });
    expect(takeLoginNotice()).toEqual({
      kind: 'sessionEnded',
      message: 'Your session has ended. Please log in again.',
    });
    expect(takeLoginNotice()).toBeUndefined();
    // The start's check of a stored token: no page yet, the route guard sends the first one to login.
    setup(null).ui.sessionInvalid({ message: 'Your session has ended. Please log in again.', hidden: true });
    expect(takeLoginNotice()).toMatchObject({ kind: 'sessionEnded' });
    // Already on login: nothing waits for a later visit.
    setup('/pages/login/index').ui.sessionInvalid({ message: 'x', hidden: true });
    expect(takeLoginNotice()).toBeUndefined();
    // A dialog that says it leaves nothing for the login page.
    ui.sessionInvalid({ message: 'y', hidden: true });
    ui.sessionInvalid({ message: 'y', hidden: false });
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith('y'));
    expect(takeLoginNotice()).toBeUndefined();
  });

  it('1001 right after the app left the session itself (a logout, a deletion): no "session ended" on login', () => {
    const { ui } = setup();
    handOverLoginNotice({ kind: 'accountDeleted' });
    ui.sessionInvalid({ message: 'Your session has ended. Please log in again.', hidden: true });
    expect(takeLoginNotice()).toEqual({ kind: 'accountDeleted' });
    handOverLoginNotice({ kind: 'signedOut' });
    ui.sessionInvalid({ message: 'Your session has ended. Please log in again.', hidden: true });
    expect(takeLoginNotice()).toEqual({ kind: 'signedOut' });
  });

  it('1001 while the first page is still opening: leaves it to the route guard, which remembers the page', () => {
    const { ui, deps } = setup(null);
    ui.sessionInvalid({ message: '', hidden: true });
    expect(deps.reLaunch).not.toHaveBeenCalled();
  });

  it('1018: back to the login page (no return address) with the message once, even for a hidden call', async () => {
    const { ui, dialogs, deps } = setup();
    ui.accountFrozen({ message: 'This account is frozen.', hidden: true });
    ui.accountFrozen({ message: 'This account is frozen.', hidden: false });
    expect(deps.reLaunch).toHaveBeenCalledWith('/pages/login/index');
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith('This account is frozen.'));
    expect(dialogs.alert).toHaveBeenCalledTimes(1);
  });

  it('1018 on the login form: no navigation, and no dialog when the form shows the message itself', async () => {
    const onLogin = setup('/pages/login/index');
    onLogin.ui.accountFrozen({ message: 'This account is frozen.', hidden: true });
    expect(onLogin.deps.reLaunch).not.toHaveBeenCalled();
    onLogin.ui.accountFrozen({ message: 'This account is frozen.', hidden: false });
    await waitFor(() => expect(onLogin.dialogs.alert).toHaveBeenCalledWith('This account is frozen.'));
    expect(onLogin.dialogs.alert).toHaveBeenCalledTimes(1);
  });

  it('1002: confirm labelled "verify now" then the real-name page, unless already there', async () => {
    const { ui, dialogs, deps } = setup();
    await ui.realNameRequired({ message: 'Verify your identity' });
    expect(dialogs.confirm).toHaveBeenCalledWith('Verify your identity', 'verify now');
    expect(deps.navigateTo).toHaveBeenCalledWith('/pages-sub/realname/index');

    const there = setup('/pages-sub/realname/index');
    await there.ui.realNameRequired({ message: 'x' });
    expect(there.deps.navigateTo).not.toHaveBeenCalled();

    const cancelled = setup('/pages-sub/card/index', false);
    await cancelled.ui.realNameRequired({ message: 'x' });
    expect(cancelled.deps.navigateTo).not.toHaveBeenCalled();
  });

  it('other codes and network failures show a dialog with the message or the framework text', async () => {
    const { ui, dialogs } = setup();
    ui.error({ code: 1007, message: '' });
    ui.networkError();
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledTimes(2));
    expect(dialogs.alert.mock.calls.map((call) => call[0])).toEqual([
      'request error',
      'Network error, please try again later',
    ]);
  });

  it('while the offline banner shows, a failed call needs no dialog; each outcome reaches the banner', async () => {
    const { dialogs, deps } = setup();
    let offline = false;
    const reportReachable = vi.fn((reachable: boolean) => {
      offline = !reachable;
    });
    const ui = createRequestUi({ ...deps, connectivity: { reportReachable, isOffline: () => offline } });
    ui.connection?.({ reachable: false });
    ui.networkError();
    ui.connection?.({ reachable: true });
    ui.networkError();
    expect(reportReachable.mock.calls).toEqual([[false], [true]]);
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledTimes(1));
    expect(dialogs.alert).toHaveBeenCalledWith('Network error, please try again later');
  });
});
