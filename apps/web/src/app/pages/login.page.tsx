import { LoginForm } from '../../features/auth';
import { PATHS, go, reLaunch } from '../../lib/navigation';
import { userStore } from '../../lib/storage';
import type { PageProps } from '../page-props';

/** Only our own routes: the redirect input comes from the address bar. */
function continueTo(redirect: string | undefined): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith(PATHS.login)) return '/';
  return redirect;
}

export default function LoginPage({ query }: PageProps) {
  return (
    <LoginForm
      initialMode={query.invite ? 'register' : 'login'}
      {...(query.invite ? { initialInvite: query.invite } : {})}
      onSuccess={(session) => {
        userStore.setSession(session.token, session.user);
        reLaunch(continueTo(query.redirect)).catch(() => reLaunch('/'));
      }}
      onForgotPassword={() => go(PATHS.editPassword)}
    />
  );
}
