import { getHome } from '../../features/home';
import { formatCount, formatMoney } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useUser } from '../../lib/storage';
import { RemoteView, SimpleList } from '../remote-view';

const loadHome = (signal: AbortSignal) => getHome({ hideErrors: true, signal });

export default function HomePage() {
  const { t, language } = useI18n();
  const { userInfo } = useUser();
  return (
    <>
      <header className="home-head">
        <h1 className="home-head__title">{t('appName')}</h1>
        {userInfo ? <p className="home-head__greeting">{t('home.greeting', { account: userInfo.account })}</p> : null}
      </header>
      <RemoteView load={loadHome}>
        {(home) => (
          <SimpleList
            rows={[
              { key: 'steps', primary: t('home.steps'), secondary: formatCount(home.steps, language) },
              { key: 'goal', primary: t('home.goal'), secondary: formatCount(home.goal, language) },
              { key: 'points', primary: t('home.points'), secondary: formatCount(home.points, language) },
              { key: 'balance', primary: t('home.balance'), secondary: formatMoney(home.balance) },
            ]}
          />
        )}
      </RemoteView>
    </>
  );
}
