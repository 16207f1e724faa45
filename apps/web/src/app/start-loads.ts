import { isWelcomeDue } from '../features/auth/welcome-seen';
import { askEarly } from '../lib/http/early';
import { languageStore, loadStartLanguage } from '../lib/i18n/language';
import { PATHS } from '../lib/navigation/paths';
import { resolveUrl, urlFromHash } from '../lib/navigation/url';
import { userStore, type UserStore } from '../lib/storage/user-store';
import { pageLoader } from './page-modules';
import { NO_LOGIN_ROUTES, POLICY_PAGES, findPage } from './route-table';

export interface StartLoads {
  readonly language: () => Promise<void>;
  readonly page: (route: string) => Promise<unknown>;
  /** The code the route guard runs for a logged-in user before the first page (route-guard.ts). */
  readonly sessionChecks: () => Promise<unknown>;
  /** Asks the API for a GET answer the app will want (early.ts), for the session `token`. */
  readonly read: (path: string, token: string) => void;
  /**
   * Whether the login page will show the first open's welcome, which reads the rules (decision 082 "A newcomer's first
   * screens").
   */
  readonly welcomeDue: () => boolean;
}

const LOADS: StartLoads = {
  language: loadStartLanguage,
  page: (route) => {
    const page = findPage(route);
    return (page && pageLoader(page.page, page.texts)?.()) ?? Promise.resolve();
  },
  sessionChecks: () => Promise.all([import('../features/auth'), import('../features/policies')]),
  read: (path, token) => askEarly(window.location.origin + path, token, languageStore.get()),
  welcomeDue: isWelcomeDue,
};

/**
 * What the first page needs besides the entry, asked for at once and side by side (decision 052 "A first route without
 * waterfalls"): the start language's texts, the chunk of the page the address opens (login for a logged-out
 * user on a page that needs a session, as the route guard will decide), and for a logged-in user
 * the code of the guard's session checks. Each is cached by the module loader, so the app's own
 * later requests for them answer at once; a failure is left to the app, which asks again.
 */
export function startLoads(hash: string, users: UserStore = userStore, loads: StartLoads = LOADS): void {
  const { route } = resolveUrl(urlFromHash(hash));
  const { isLogged } = users.getState();
  const page = isLogged || NO_LOGIN_ROUTES.includes(route) ? route : PATHS.login;
  const ignore = () => undefined;
  void loads.language().catch(ignore);
  void loads.page(page).catch(ignore);
  if (!isLogged) {
    // The first open's welcome above the login form reads the rules: asked with the page's code,
    // so its lines are filled as soon as it renders (decision 089 "The web app ships React 19").
    if (page === PATHS.login && loads.welcomeDue()) loads.read('/api/rules', '');
    return;
  }
  void loads.sessionChecks().catch(ignore);
  // The reads that come before the first page's data, and its own (decision 060 "The first page's reads leave with its
  // code, fewer files"): the route guard's consents and user info, the unread count of the tab bar, then what the page
  // reads.
  const { token, userInfo } = users.getState();
  const reads = [
    ...(POLICY_PAGES.includes(page) ? [] : ['/api/consents']),
    ...(userInfo ? [] : ['/api/user/info']),
    '/api/notifications/unread',
    ...(findPage(page)?.firstReads ?? []),
  ];
  for (const path of reads) loads.read(path, token);
}
