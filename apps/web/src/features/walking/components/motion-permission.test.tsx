import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStepCounter } from '../counter';
import { MOTION_ASKED_KEY, createStepStore, type StepStore } from '../step-store';
import { MotionPermission } from './motion-permission';

/** iOS: motion events exist, and a tap must ask for them first. */
function likeIos(answer: 'granted' | 'denied') {
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  Reflect.set(window, 'DeviceMotionEvent', Object.assign(class extends Event {}, { requestPermission }));
  return requestPermission;
}

function newStore(): StepStore {
  return createStepStore({
    storage: window.localStorage,
    deviceId: () => 'dev_0123456789',
    report: () => Promise.reject(new Error('not here')),
    fetchToday: () => Promise.reject(new Error('not here')),
  });
}

function Harness({ store }: { store: StepStore }) {
  const view = useStepCounter(store);
  return <MotionPermission view={view} store={store} />;
}

afterEach(() => {
  Reflect.deleteProperty(window, 'DeviceMotionEvent');
  window.localStorage.clear();
});

describe('MotionPermission', () => {
  it('explains once why motion access is asked, then asks the browser from the tap', async () => {
    const requestPermission = likeIos('granted');
    const store = newStore();
    render(<Harness store={store} />);
    const sheet = screen.getByRole('dialog', { name: 'Count your steps' });
    expect(sheet.textContent).toContain("with your phone's motion sensor");
    fireEvent.click(screen.getByRole('button', { name: 'Allow motion access' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(store.getView().status).toBe('waiting'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(MOTION_ASKED_KEY)).toBe('1');
  });

  it('remembers "not now": no sheet again, a button stays for later', () => {
    const requestPermission = likeIos('denied');
    render(<Harness store={newStore()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
    const later = screen.getByRole('button', { name: 'Start counting steps' });
    // The next visit (a new store on this browser) shows only the button.
    render(<Harness store={newStore()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(later);
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });
});
