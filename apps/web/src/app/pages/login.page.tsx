import { LoginForm } from '../../features/auth';
import { PATHS, continueUrl, go, reLaunch } from '../../lib/navigation';
import { userStore } from '../../lib/storage';
import type { PageProps } from '../page-props';

export default function LoginPage({ query }: PageProps) {
  return (
    <LoginForm
      initialMode={query.invite ? 'register' : 'login'}
      {...(query.invite ? { initialInvite: query.invite } : {})}
      onSuccess={(session) => {
        userStore.setSession(session.token, session.user);
        reLaunch(continueUrl(query.redirect)).catch(() => reLaunch('/'));
      }}
      onForgotPassword={() => go(PATHS.editPassword)}
    />
  );
}
