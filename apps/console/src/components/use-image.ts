import type { EndpointDef, ParamsOf } from '@stride/contract';
import { useEffect, useState } from 'react';
import { useI18n } from '../lib/i18n-context';
import { fetchImage } from '../lib/image';

/** A private image being fetched (`url` null), shown (`url`), or refused or lost (`failed`). */
export interface FetchedImage {
  readonly url: string | null;
  readonly failed: boolean;
}

/**
 * A `binary` console endpoint's image for `params`, fetched with the console cookie once the row shows and answered
 * as an object URL, revoked when the row goes or asks for another image. Every fetch is a look the server records.
 */
export function useImage<E extends EndpointDef>(endpoint: E, params: ParamsOf<E>): FetchedImage {
  const { language } = useI18n();
  const wanted = JSON.stringify(params);
  // An answer is for the image and the language asked: a change revokes the old URL, so it is not shown again.
  const asked = `${language} ${wanted}`;
  const [answered, setAnswered] = useState<{ asked: string; url: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    let loaded: string | null = null;
    fetchImage(endpoint, JSON.parse(wanted) as ParamsOf<E>, language).then(
      (made) => {
        loaded = made;
        if (live) setAnswered({ asked, url: made });
        else URL.revokeObjectURL(made);
      },
      () => {
        if (live) setAnswered({ asked, url: null });
      },
    );
    return () => {
      live = false;
      if (loaded) URL.revokeObjectURL(loaded);
    };
  }, [endpoint, wanted, language, asked]);
  const current = answered?.asked === asked ? answered : null;
  return { url: current?.url ?? null, failed: current !== null && current.url === null };
}
