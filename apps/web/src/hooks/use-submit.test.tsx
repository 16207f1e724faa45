import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../lib/http';
import { useSubmit } from './use-submit';

function gate() {
  let open: () => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('useSubmit', () => {
  it('is busy while the action runs and idle after a success, without an error', async () => {
    const { result } = renderHook(() => useSubmit());
    const step = gate();
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = result.current.run(() => step.promise);
    });
    expect(result.current.isBusy).toBe(true);
    await act(async () => {
      step.open();
      await done;
    });
    await expect(done).resolves.toBe(true);
    expect(result.current.isBusy).toBe(false);
    expect(result.current.error).toBeUndefined();
  });

  it('shows the server message of a failure, hands the cause on, and clears it on the next run', async () => {
    const { result } = renderHook(() => useSubmit());
    const cause = new RequestError('envelope', 1011, 'Wrong mobile number or password');
    const onFailure = vi.fn();
    let ok = true;
    await act(async () => {
      ok = await result.current.run(() => Promise.reject(cause), onFailure);
    });
    expect(ok).toBe(false);
    expect(result.current.error).toBe('Wrong mobile number or password');
    expect(result.current.isBusy).toBe(false);
    expect(onFailure).toHaveBeenCalledWith(cause);

    const step = gate();
    act(() => {
      void result.current.run(() => step.promise);
    });
    expect(result.current.error).toBeUndefined();
    await act(async () => {
      step.open();
      await step.promise;
    });
  });

  it('says a network failure in the user language', async () => {
    const { result } = renderHook(() => useSubmit());
    await act(async () => {
      await result.current.run(() => Promise.reject(new TypeError('Failed to fetch')));
    });
    expect(result.current.error).toBe('Network error, please try again later');
  });

  it('runs once for a double tap in the same frame', async () => {
    const { result } = renderHook(() => useSubmit());
    const step = gate();
    const action = vi.fn(() => step.promise);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      void result.current.run(action);
      second = result.current.run(action);
    });
    await expect(second).resolves.toBe(false);
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => {
      step.open();
      await step.promise;
    });
  });

  it('stays busy after a success when the form is on its way out, but not after a failure', async () => {
    const { result } = renderHook(() => useSubmit({ staysBusyOnSuccess: true }));
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('offline')));
    });
    expect(result.current.isBusy).toBe(false);
    await act(async () => {
      await result.current.run(() => Promise.resolve());
    });
    expect(result.current.isBusy).toBe(true);
    const action = vi.fn(() => Promise.resolve());
    await act(async () => {
      await result.current.run(action);
    });
    expect(action).not.toHaveBeenCalled();
  });

  it("shows a form's own message and a failure from elsewhere", () => {
    const { result } = renderHook(() => useSubmit());
    act(() => result.current.setError('Passwords do not match'));
    expect(result.current.error).toBe('Passwords do not match');
    act(() => result.current.showError(new RequestError('envelope', 1003, 'Captcha expired')));
    expect(result.current.error).toBe('Captcha expired');
    act(() => result.current.setError(undefined));
    expect(result.current.error).toBeUndefined();
  });
});
