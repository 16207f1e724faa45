import { getDownload } from '@stride/contract';
import { call } from '../../../lib/http';
import type { ReactNode } from 'react';
import { CODES } from '@stride/contract/codes';
import { useRemote, useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';

function loadPackage(signal: AbortSignal) {
  return call(getDownload, {}, { hideErrors: true, signal });
}

/**
 * The companion package's entry (GET /api/download), as a list of one row. Hidden when the server
 * has no package (1010): that is an operator's matter, not the user's. Shown while unknown or after
 * a network failure, where a tap asks again and the request layer says what went wrong.
 */
export function DownloadEntry({
  assign = (url: string) => window.location.assign(url),
  render,
}: {
  readonly assign?: (url: string) => void;
  /** Draws the entry as the caller's own row (a grouped menu); by default, a list of one row. */
  readonly render?: (entry: {
    readonly label: string;
    readonly disabled: boolean;
    readonly onClick: () => void;
  }) => ReactNode;
}) {
  const { t } = useI18n();
  const { state } = useRemote(loadPackage, { reloadOnShow: true });
  const { isBusy, run } = useSubmit();
  if (state.status === 'error' && state.code === CODES.NOT_AVAILABLE) return null;
  // Asked again on the tap: the newest package, and the request layer's dialog on a failure.
  const download = () => run(() => call(getDownload, {}).then(({ url }) => assign(url)));
  if (render) return render({ label: t('download.app'), disabled: isBusy, onClick: () => void download() });
  return (
    <ul className="list">
      <li>
        <button
          type="button"
          className="list__item list__item--button"
          disabled={isBusy}
          onClick={() => void download()}
        >
          {t('download.app')}
        </button>
      </li>
    </ul>
  );
}
