import { listCardMailings } from '../../features/orders';
import { formatTime } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { navigateTo } from '../../lib/navigation';
import { useUser } from '../../lib/storage';
import { RemoteView, SimpleList } from '../remote-view';
import { loginUrlFor } from '../routes';

const ROUTE = '/pages-sub/physical-card-mailing/index';
const load = (signal: AbortSignal) => listCardMailings({ hideErrors: true, signal });

/** Open without login (SPEC.md §6): explains the service to anyone, records for the logged in. */
export default function PhysicalCardMailingPage() {
  const { t } = useI18n();
  const { isLogged } = useUser();
  return (
    <>
      <p className="card">{t('mailing.intro')}</p>
      {isLogged ? (
        <RemoteView load={load}>
          {(mailings) => (
            <SimpleList
              rows={mailings.map((mailing) => ({
                key: mailing.id,
                primary: formatTime(mailing.createdAt),
                secondary: mailing.trackingNumber ?? '',
              }))}
            />
          )}
        </RemoteView>
      ) : (
        <div style={{ margin: 12 }}>
          <button
            type="button"
            className="button button--block"
            onClick={() => void navigateTo(loginUrlFor(ROUTE)).catch(() => undefined)}
          >
            {t('mailing.login')}
          </button>
        </div>
      )}
    </>
  );
}
