import { consoleDismissSignInLock, consoleLogout, consoleMe, type ConsoleMe } from '@stride/contract';
import { Alert, App as AntApp, Button, ConfigProvider, Layout, Menu, Result, Space, Spin, Typography } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { LanguageSwitch } from './components/language-switch';
import { I18nContext, useI18n } from './lib/i18n-context';
import { dateTime } from './lib/format';
import { initialLanguage, saveLanguage } from './lib/language';
import { call, configureRequests, ConsoleError } from './lib/request';
import { OpenScreensContext } from './lib/open-screens';
import { navigate, splitRoute, useRoute } from './lib/route';
import { translator, type ConsoleLanguage } from './locales';
import { screensFor } from './screens';
import './app.css';

const LoginPage = lazy(() => import('./pages/login.page'));
const EnrolPage = lazy(() => import('./pages/enrol.page'));
const FirstPasswordPage = lazy(() => import('./pages/first-password.page'));

function Loading() {
  const { t } = useI18n();
  return (
    <div className="console-loading">
      <Spin tip={t('loading')}>
        <div style={{ padding: 48 }} />
      </Spin>
    </div>
  );
}

/**
 * The last lock of the operator's own sign-in (decision 073 "Operator sign-in"), until dismissed: someone may have
 * tried.
 */
function SignInLockNotice({
  lock,
  onDismissed,
}: {
  lock: NonNullable<ConsoleMe['signInLock']>;
  onDismissed: () => void;
}) {
  const { t, language } = useI18n();
  const { message } = AntApp.useApp();
  const dismiss = () =>
    void call(consoleDismissSignInLock, {}).then(onDismissed, (error: unknown) => {
      if (error instanceof ConsoleError && error.code !== 0) void message.error(error.message);
    });
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="sign-in-lock-notice"
      style={{ marginBottom: 16 }}
      message={t('signInLock.notice', {
        at: dateTime(lock.at, language),
        failures: lock.failures,
        addresses: lock.addresses,
      })}
      action={
        <Button size="small" onClick={dismiss}>
          {t('signInLock.dismiss')}
        </Button>
      }
    />
  );
}

function Shell({ me, onLogout, onRefresh }: { me: ConsoleMe; onLogout: () => void; onRefresh: () => void }) {
  const { t } = useI18n();
  const route = useRoute();
  const screens = useMemo(() => screensFor(me.roles), [me.roles]);
  const screen = screens.find(({ key }) => key === splitRoute(route).screen) ?? screens[0];
  const open = useMemo(() => new Set(screens.map(({ key }) => key)), [screens]);
  const Page = screen?.page;
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout className="console-shell">
      <Layout.Sider breakpoint="lg" collapsedWidth={64} theme="light" width={220} onCollapse={setCollapsed}>
        <div className="console-brand">{collapsed ? 'S' : t('appName')}</div>
        <Menu
          mode="inline"
          selectedKeys={screen ? [screen.key] : []}
          items={screens.map(({ key, title, icon }) => ({ key, icon, label: t(title) }))}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {screen ? t(screen.title) : t('appName')}
          </Typography.Title>
          <Space>
            <Typography.Text data-testid="operator-name">{me.name}</Typography.Text>
            <LanguageSwitch />
            <Button onClick={onLogout}>{t('logout')}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">
          {me.signInLock ? <SignInLockNotice lock={me.signInLock} onDismissed={onRefresh} /> : null}
          {Page ? (
            <OpenScreensContext.Provider value={open}>
              <Suspense fallback={<Loading />}>
                <Page key={screen.key} />
              </Suspense>
            </OpenScreensContext.Provider>
          ) : (
            <Result status="info" title={t('home.welcome', { name: me.name })} subTitle={t('home.noRoles')} />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/**
 * Signed out, replacing a generated initial password, enrolling a second factor, or signed in:
 * the console's four states.
 */
function Session() {
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const [me, setMe] = useState<ConsoleMe | null | undefined>(undefined);

  const signedIn = useCallback((next: ConsoleMe | null) => {
    configureRequests({ csrfToken: next?.csrfToken ?? '' });
    setMe(next);
  }, []);

  useEffect(() => {
    configureRequests({
      onSessionInvalid: () => {
        configureRequests({ csrfToken: '' });
        setMe((previous) => {
          if (previous) void message.warning(t('sessionEnded'));
          return null;
        });
      },
    });
    call(consoleMe, {}).then(signedIn, () => signedIn(null));
  }, [message, signedIn, t]);

  const logout = useCallback(() => {
    call(consoleLogout, {}).then(
      () => signedIn(null),
      (error: unknown) => {
        if (error instanceof ConsoleError && error.code !== 0) void message.error(error.message);
        signedIn(null);
      },
    );
  }, [message, signedIn]);

  if (me === undefined) return <Loading />;
  if (me === null) {
    return (
      <Suspense fallback={<Loading />}>
        <LoginPage onSignedIn={signedIn} />
      </Suspense>
    );
  }
  const refresh = () => void call(consoleMe, {}).then(signedIn, () => signedIn(null));
  if (me.passwordChangeRequired) {
    return (
      <Suspense fallback={<Loading />}>
        <FirstPasswordPage onChanged={refresh} onLogout={logout} />
      </Suspense>
    );
  }
  if (me.stage === 'enrolment') {
    return (
      <Suspense fallback={<Loading />}>
        <EnrolPage onEnrolled={refresh} onLogout={logout} />
      </Suspense>
    );
  }
  return <Shell me={me} onLogout={logout} onRefresh={refresh} />;
}

export function ConsoleApp() {
  const [language, setLanguageState] = useState<ConsoleLanguage>(initialLanguage);
  const i18n = useMemo(
    () => ({
      language,
      t: translator(language),
      setLanguage: (next: ConsoleLanguage) => {
        saveLanguage(next);
        setLanguageState(next);
      },
    }),
    [language],
  );
  useEffect(() => {
    configureRequests({ language });
    document.documentElement.lang = language;
    document.title = i18n.t('appName');
  }, [language, i18n]);
  return (
    <I18nContext.Provider value={i18n}>
      <ConfigProvider locale={language === 'zh-Hans' ? zhCN : enUS}>
        <AntApp component={false}>
          <Session />
        </AntApp>
      </ConfigProvider>
    </I18nContext.Provider>
  );
}
