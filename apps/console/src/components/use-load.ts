import { useCallback, useEffect, useState } from 'react';
import { useFail } from './use-fail';

/**
 * What a screen shows from the server: loaded for each `request` (a key of what is asked), again
 * on `reload()`. Loading is derived from which request the data answers, so no state is set
 * synchronously in the effect.
 */
export function useLoad<T>(
  load: () => Promise<T>,
  request: string,
  initial: T,
): { data: T; loading: boolean; reload: () => void } {
  const fail = useFail();
  const [version, setVersion] = useState(0);
  const [answered, setAnswered] = useState<{ key: string; data: T | undefined } | null>(null);
  const key = `${request}#${version}`;
  useEffect(() => {
    let live = true;
    load().then(
      (data) => {
        if (live) setAnswered({ key, data });
      },
      (error: unknown) => {
        if (!live) return;
        fail(error);
        setAnswered((previous) => ({ key, data: previous?.data }));
      },
    );
    return () => {
      live = false;
    };
  }, [load, key, fail]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { data: answered?.data ?? initial, loading: answered?.key !== key, reload };
}
