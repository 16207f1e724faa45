import { useState } from 'react';
import { LoginForm, takeResetHandoff } from '../../features/auth';
import { PolicyAcceptance, PolicyLinks, usePolicyAcceptance } from '../../features/policies';
import { useI18n } from '../../lib/i18n';
import { PATHS, continueUrl, go, reLaunch } from '../../lib/navigation';
import { userStore } from '../../lib/storage';
import type { PageProps } from '../page-props';

export default function LoginPage({ query }: PageProps) {
  const { t } = useI18n();
  // After a password reset: say it worked and fill in the number (taken once, on the first render).
  const [resetAccount] = useState(takeResetHandoff);
  const acceptance = usePolicyAcceptance();
  return (
    <>
      <LoginForm
        initialMode={query.invite ? 'register' : 'login'}
        {...(query.invite ? { initialInvite: query.invite } : {})}
        {...(resetAccount ? { initialAccount: resetAccount, notice: t('reset.done') } : {})}
        onSuccess={(session) => {
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
