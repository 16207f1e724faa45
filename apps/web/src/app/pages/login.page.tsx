import { useState } from 'react';
import {
  LoginForm,
  Welcome,
  dropLoginNotice,
  isWelcomeDue,
  markWelcomeSeen,
  takeLoginNotice,
  takeResetHandoff,
  type LoginMode,
} from '../../features/auth';
import { PolicyAcceptance, PolicyLinks, usePolicyAcceptance } from '../../features/policies';
import { usePageTitle } from '../../hooks';
import { useI18n, type Translate } from '../../lib/i18n';
import { PATHS, continueUrl, go, reLaunch } from '../../lib/navigation';
import { userStore } from '../../lib/storage';
import type { PageProps } from '../page-props';

/** The sentence above the form: after a reset, an ended session or a deleted account (taken once). */
function takeNotice(t: Translate, resetAccount: string | undefined): string | undefined {
  const notice = takeLoginNotice();
  // Whoever just left a session here is no newcomer: the welcome is not for them.
  if (notice) markWelcomeSeen();
  if (resetAccount) return t('reset.done');
  if (notice?.kind === 'accountDeleted') return t('login.accountDeleted');
  if (notice?.kind === 'sessionEnded') return notice.message || t('requestError');
  return undefined;
}

export default function LoginPage({ query }: PageProps) {
  const { t } = useI18n();
  // After a password reset: say it worked and fill in the number (taken once, on the first render).
  const [resetAccount] = useState(takeResetHandoff);
  const [notice] = useState(() => takeNotice(t, resetAccount));
  // The first open's welcome (decision 082 "A newcomer's first screens"), until dismissed or signed in on this device.
  const [isWelcomeShown, setWelcomeShown] = useState(isWelcomeDue);
  const initialMode: LoginMode = query.invite ? 'register' : 'login';
  const [mode, setMode] = useState<LoginMode>(initialMode);
  usePageTitle(mode === 'register' ? 'title.register' : 'title.login');
  const acceptance = usePolicyAcceptance();
  return (
    <>
      {isWelcomeShown ? (
        <Welcome
          onDismiss={() => {
            markWelcomeSeen();
            setWelcomeShown(false);
          }}
        />
      ) : null}
      <LoginForm
        initialMode={initialMode}
        onModeChange={setMode}
        {...(query.invite ? { initialInvite: query.invite } : {})}
        {...(resetAccount ? { initialAccount: resetAccount } : {})}
        {...(notice ? { notice } : {})}
        onSuccess={(session) => {
          markWelcomeSeen();
          // An ended session that came in meanwhile is no news to the user who just signed in.
          dropLoginNotice();
          userStore.setSession(session.token, session.user);
          reLaunch(continueUrl(query.redirect)).catch(() => reLaunch('/'));
        }}
        onForgotPassword={() => go(PATHS.editPassword)}
        policies={{
          field: <PolicyAcceptance checked={acceptance.checked} onChange={acceptance.setChecked} />,
          accepted: acceptance.accepted,
          missing: t('policies.acceptFirst'),
        }}
      />
      <PolicyLinks />
    </>
  );
}
