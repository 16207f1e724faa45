import { getCaptcha } from '@stride/contract';
import { call } from '../../../lib/http';
import { useCallback, useEffect, useState } from 'react';

export interface CaptchaState {
  readonly captchaId: string;
  readonly image: string | null;
  readonly code: string;
  readonly setCode: (code: string) => void;
  /** Captchas are one-time: call after every failed attempt. */
  readonly refresh: () => void;
}

/** Loads a captcha while `isActive`, and a fresh one on refresh. */
export function useCaptcha(isActive: boolean, onError: (error: unknown) => void): CaptchaState {
  const [captcha, setCaptcha] = useState<{ captchaId: string; image: string } | null>(null);
  const [code, setCode] = useState('');
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!isActive) return;
    const controller = new AbortController();
    call(getCaptcha, {}, { hideErrors: true, signal: controller.signal }).then(
      (next) => {
        setCaptcha(next);
        setCode('');
      },
      (error: unknown) => {
        if (!controller.signal.aborted) onError(error);
      },
    );
    return () => controller.abort();
  }, [isActive, generation, onError]);

  const refresh = useCallback(() => setGeneration((value) => value + 1), []);

  return { captchaId: captcha?.captchaId ?? '', image: captcha?.image ?? null, code, setCode, refresh };
}
