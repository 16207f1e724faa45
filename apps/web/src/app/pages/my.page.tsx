import { AccountSummary, LanguagePicker, logoutUser } from '../../features/account';
import { useI18n } from '../../lib/i18n';
import { navigateTo, reLaunch } from '../../lib/navigation';
import { useUser, userStore } from '../../lib/storage';
import { APP_VERSION, APP_VERSION_CODE } from '../app-info';
import { LOGIN_ROUTE, ROUTES } from '../routes';

const SERVICE_ROUTES = [
  '/pages-sub/card/index',
  '/pages/invest/index',
  '/pages-sub/insurance/index',
  '/pages-sub/order/list',
  '/pages-sub/order/member',
  '/pages-sub/order/shop',
  '/pages-sub/asset/index',
  '/pages-sub/exchange-record/index',
  '/pages-sub/withdrawal/index',
  '/pages-sub/withdrawal-detail/index',
  '/pages-sub/withdrawal-type/index',
  '/pages-sub/address/index',
  '/pages-sub/realname/index',
  '/pages-sub/face-recognition/index',
  '/pages-sub/physical-card-mailing/index',
  '/pages-sub/official-community/index',
];

const SERVICES = ROUTES.filter((route) => SERVICE_ROUTES.includes(route.path));

function logOut() {
  // Leave even when the call fails: the user asked to be logged out of this device.
  const leave = () => {
    userStore.clear();
    return reLaunch(LOGIN_ROUTE).catch(() => undefined);
  };
  void logoutUser({ hideErrors: true }).then(leave, leave);
}

export default function MyPage() {
  const { t } = useI18n();
  const { userInfo } = useUser();
  return (
    <>
      {userInfo ? <AccountSummary user={userInfo} /> : null}
      <nav aria-label={t('my.services')}>
        <ul className="list">
          {SERVICES.map((route) => (
            <li key={route.path}>
              <button
                type="button"
                className="list__item list__item--button"
                onClick={() => void navigateTo(route.path).catch(() => undefined)}
              >
                {t(route.titleKey)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <LanguagePicker />
      <dl className="list">
        <div className="list__item">
          <dt className="list__secondary">{t('my.version')}</dt>
          <dd style={{ margin: 0 }}>
            {APP_VERSION} ({APP_VERSION_CODE})
          </dd>
        </div>
      </dl>
      <div style={{ margin: 12 }}>
        <button type="button" className="button button--block button--ghost" onClick={logOut}>
          {t('my.logout')}
        </button>
      </div>
    </>
  );
}
