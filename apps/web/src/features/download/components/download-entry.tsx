import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { getDownload } from '../api/get-download';

/**
 * Downloads the companion package (GET /api/download) by sending the browser to its URL. Without a
 * configured package the server answers 1010 with a message: the request layer's dialog shows it
 * and nothing navigates.
 */
export function DownloadEntry({
  assign = (url: string) => window.location.assign(url),
}: {
  readonly assign?: (url: string) => void;
}) {
  const { t } = useI18n();
  const { isBusy, run } = useSubmit();
  // A failure is shown by the request layer's dialog.
  const download = () => run(() => getDownload().then(({ url }) => assign(url)));
  return (
    <button type="button" className="list__item list__item--button" disabled={isBusy} onClick={() => void download()}>
      {t('download.app')}
    </button>
  );
}
