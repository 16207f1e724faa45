import { CODES } from '@stride/contract/codes';
import { App } from 'antd';
import { useState } from 'react';
import { ConsoleError } from '../lib/request';
import { useFail } from './use-fail';

/** A save the server refused because another operator changed the record first. */
export function isStaleEdit(error: unknown): boolean {
  return error instanceof ConsoleError && error.code === CODES.STALE_EDIT;
}

/**
 * One action at a time on a screen: `busy` while `run` awaits it, and a failure shown (useFail),
 * then handed to `onFail` for what the screen does after a refusal (a stale edit closes the editor).
 */
export function useBusy(onFail?: (error: unknown) => void): {
  busy: boolean;
  run: (action: () => Promise<unknown>) => Promise<void>;
} {
  const fail = useFail();
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      fail(error);
      onFail?.(error);
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

/**
 * A list screen's changes: each runs as useBusy's action, then `after` and a reload of the list.
 * With `stale`, a stale edit also closes the editor and reloads, so the operator sees what the other
 * save left; `stale.notice` is said after the server's message.
 */
export function useListRun(
  reload: () => void,
  stale?: { readonly close: () => void; readonly notice?: string },
): { busy: boolean; run: (action: () => Promise<unknown>, after?: () => void) => Promise<void> } {
  const { message } = App.useApp();
  const { busy, run } = useBusy((error) => {
    if (!stale || !isStaleEdit(error)) return;
    stale.close();
    reload();
    if (stale.notice) void message.info(stale.notice);
  });
  return {
    busy,
    run: (action, after) =>
      run(async () => {
        await action();
        after?.();
        reload();
      }),
  };
}
