// The notice module alone: the auth feature's forms stay out of the first route.
import { dropLoginNotice, handOverLoginNotice } from '../features/auth/login-notice';
import type { HttpClient, RequestUi } from '../lib/http';
import { t } from '../lib/i18n';
import { PATHS, getNavigator, loginUrlFor } from '../lib/navigation';
import type { Connectivity } from '../lib/connectivity';
import { connectivity } from './connectivity';
import type { Dialogs } from './dialogs';

export interface RequestUiDeps {
  readonly dialogs: () => Promise<Dialogs>;
  readonly currentUrl: () => { readonly route: string; readonly url: string } | undefined;
  readonly reLaunch: (url: string) => Promise<void>;
  readonly navigateTo: (url: string) => Promise<void>;
  /** The offline banner's state: while it shows, a failed call needs no dialog of its own. */
  readonly connectivity?: Pick<Connectivity, 'reportReachable' | 'isOffline'>;
}

const defaultDeps: RequestUiDeps = {
  // The dialog code stays out of the first route's bundle until an error needs it.
  dialogs: () => import('./dialogs').then((module) => module.dialogs),
  currentUrl: () => getNavigator().getStack().at(-1),
  reLaunch: (url) => getNavigator().reLaunch(url),
  navigateTo: (url) => getNavigator().navigateTo(url),
  connectivity,
};

// A refused navigation (already there, locked) needs no reaction here.
const ignore = () => undefined;

/** The one place where the request layer's reports become dialogs and navigations. */
export function createRequestUi(deps: RequestUiDeps = defaultDeps): RequestUi {
  let sessionDialogOpen = false;

  const alert = (message: string) =>
    deps
      .dialogs()
      .then((dialogs) => dialogs.alert(message))
      .catch(ignore);

  return {
    sessionInvalid({ message, hidden }) {
      const current = deps.currentUrl();
      // With no page yet (the first page is still opening), the route guard sends that first page
      // to login, remembering it; a second navigation here would race it and forget the target.
      if (current && current.route !== PATHS.login) deps.reLaunch(loginUrlFor(current.url)).catch(ignore);
      if (sessionDialogOpen) return;
      // A call that hides its errors (the start's check of a stored token among them) shows no
      // dialog: the login page says it once instead (docs/product/client.md, Request layer).
      if (hidden) {
        if (current?.route !== PATHS.login) handOverLoginNotice({ kind: 'sessionEnded', message });
        return;
      }
      dropLoginNotice('sessionEnded');
      sessionDialogOpen = true;
      void alert(message || t('requestError')).finally(() => {
        sessionDialogOpen = false;
      });
    },
    accountFrozen({ message, hidden }) {
      // The user must learn why they are out, even from a call that hides its errors; only the
      // login form, which shows the message itself, does without the dialog.
      const current = deps.currentUrl();
      const onLogin = current?.route === PATHS.login;
      if (!onLogin) deps.reLaunch(PATHS.login).catch(ignore);
      if ((onLogin && hidden) || sessionDialogOpen) return;
      sessionDialogOpen = true;
      void alert(message || t('requestError')).finally(() => {
        sessionDialogOpen = false;
      });
    },
    async realNameRequired({ message }) {
      const dialogs = await deps.dialogs();
      const confirmed = await dialogs.confirm(message || t('requestError'), t('verifyNow'));
      if (confirmed && deps.currentUrl()?.route !== PATHS.realname) await deps.navigateTo(PATHS.realname).catch(ignore);
    },
    error({ message }) {
      void alert(message || t('requestError'));
    },
    networkError() {
      if (deps.connectivity?.isOffline()) return;
      void alert(t('networkError'));
    },
    connection({ reachable }) {
      deps.connectivity?.reportReachable(reachable);
    },
  };
}

export function wireRequestUi(http: HttpClient, deps?: RequestUiDeps): void {
  http.setUi(createRequestUi(deps));
}
