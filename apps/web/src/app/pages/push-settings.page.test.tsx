import { fireEvent, render, screen } from '@testing-library/react';
import type { EndpointDef, PushPreferences } from '@stride/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import PushSettingsPage from './push-settings.page';

// The request layer is replaced: each endpoint answers from here.
vi.mock('../../lib/http', (original) => withMocked(original, 'call'));

const mockedCall = vi.mocked(call);
let preferences: PushPreferences;
const saved: PushPreferences[] = [];

function answer(endpoint: EndpointDef, input: unknown): Promise<unknown> {
  switch (endpoint.id) {
    case 'push.preferences':
      return Promise.resolve(preferences);
    case 'push.preferences.save': {
      preferences = (input as { body: PushPreferences }).body;
      saved.push(preferences);
      return Promise.resolve(preferences);
    }
    case 'push.key':
      return Promise.resolve({ publicKey: 'BKey' });
    default:
      return Promise.reject(new Error(`unexpected ${endpoint.id}`));
  }
}

beforeEach(() => {
  preferences = { enabled: true, reminder: false, reminderTime: '20:00', timeZone: 'UTC' };
  saved.length = 0;
  mockedCall.mockImplementation((endpoint, input) => answer(endpoint, input));
});

afterEach(() => {
  mockedCall.mockReset();
  vi.unstubAllGlobals();
});

describe('push settings', () => {
  it('explains that this browser cannot receive pushes, and turning on stays disabled', async () => {
    // jsdom, like some browsers, has neither the Push API nor notifications.
    render(<PushSettingsPage />);
    expect((await screen.findByTestId('push-problem')).textContent).toContain(
      'This browser cannot receive push notifications',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Turn on' }).disabled).toBe(true);
    expect(screen.getByTestId('push-state').textContent).toContain('off for this device');
  });

  it('on iPhone Safari outside the home screen app, says in one line to add Stride to the home screen first', async () => {
    const userAgent = vi.spyOn(navigator, 'userAgent', 'get');
    userAgent.mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    try {
      render(<PushSettingsPage />);
      expect((await screen.findByTestId('push-home-screen')).textContent).toBe(
        'On iPhone and iPad, add Stride to your home screen first: tap Share, then “Add to Home Screen”, and open Stride from there.',
      );
      // It stands in for "this browser cannot": there is a way, and this is it.
      expect(screen.queryByTestId('push-problem')).toBeNull();
    } finally {
      userAgent.mockRestore();
    }
  });

  it('from the home screen app, or on another browser, says nothing of the home screen', async () => {
    const userAgent = vi.spyOn(navigator, 'userAgent', 'get');
    userAgent.mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    );
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: true });
    try {
      const { unmount } = render(<PushSettingsPage />);
      await screen.findByTestId('push-state');
      expect(screen.queryByTestId('push-home-screen')).toBeNull();
      unmount();
    } finally {
      Reflect.deleteProperty(navigator, 'standalone');
      userAgent.mockRestore();
    }
    render(<PushSettingsPage />);
    await screen.findByTestId('push-problem');
    expect(screen.queryByTestId('push-home-screen')).toBeNull();
  });

  it('explains how to allow notifications when the permission is denied', async () => {
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', { permission: 'denied' });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve(undefined) },
    });
    render(<PushSettingsPage />);
    expect((await screen.findByTestId('push-problem')).textContent).toContain(
      'Notifications are blocked for this site',
    );
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says pushes are not available when the browser has no worker or push service to subscribe with', async () => {
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: () => Promise.resolve('granted') });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve(undefined) },
    });
    render(<PushSettingsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect((await screen.findByTestId('push-problem')).textContent).toContain(
      'not available in this browser right now',
    );
    expect(saved).toEqual([]);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('saves the daily reminder with its time and this device’s time zone', async () => {
    render(<PushSettingsPage />);
    fireEvent.click(await screen.findByLabelText('Remind me'));
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '07:45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    await screen.findByText('Reminder saved.');
    expect(saved).toEqual([
      {
        enabled: true,
        reminder: true,
        reminderTime: '07:45',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
  });
});
