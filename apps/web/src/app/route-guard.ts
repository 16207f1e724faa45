import { PATHS, continueUrl, loginUrlFor, urlOf, type RouteGuard } from '../lib/navigation';
import type { UserState } from '../lib/storage';
import { NO_LOGIN_ROUTES, POLICY_PAGES } from './route-table';

export interface RouteGuardDeps {
  getUser(): UserState;
  /** Fetches the user and stores it. */
  loadUserInfo(): Promise<void>;
  /**
   * Whether a policy changed since the user last accepted it (decision 046 "Policies and consent"): asked once per
   * session and app start, before the first page a logged-in user opens.
   */
  policiesPending?(): Promise<boolean>;
}

/** docs/product/client.md, Route guard: runs before every navigation, first load and back/forward included. */
export function createRouteGuard(deps: RouteGuardDeps): RouteGuard {
  // The session whose policies were found accepted (or could not be read: not asked again until
  // the next start, so that a failing network does not slow every tap).
  let policiesCheckedFor: string | undefined;
  return async (to) => {
    const isOpen = NO_LOGIN_ROUTES.includes(to.route);
    if (!deps.getUser().isLogged) return isOpen ? true : { redirect: loginUrlFor(to.url) };
    // A logged-in user has nothing to do on login: on to the page asked for, or home.
    const isLogin = to.route === PATHS.login;
    const target = isLogin ? continueUrl(to.query.redirect) : to.url;
    const token = deps.getUser().token;
    // The user's info is asked for alongside the policies, not after them (decision 052 "A first route without
    // waterfalls"): on the first page of a start both are needed, and one round trip fewer comes before the page.
    // A failure is looked at after the policies; an invalid session (1001) has logged the user out.
    const info =
      !isLogin && !deps.getUser().userInfo
        ? deps.loadUserInfo().then(
            () => true,
            () => false,
          )
        : undefined;
    // Asked on login too: its redirect is not guarded again, and would pass a changed policy by.
    if (deps.policiesPending && policiesCheckedFor !== token && !POLICY_PAGES.includes(to.route)) {
      let pending = false;
      try {
        pending = await deps.policiesPending();
      } catch {
        pending = false;
      }
      if (pending && deps.getUser().isLogged) return { redirect: urlOf(PATHS.policyUpdate, { redirect: target }) };
      if (deps.getUser().isLogged) policiesCheckedFor = token;
    }
    if (isLogin) return { redirect: target };
    // Other failures (network) than an invalid session still show the page, which reports its own
    // errors; after an invalid session this navigation goes to login, remembering the target.
    if (info && !(await info) && !deps.getUser().isLogged && !isOpen) return { redirect: loginUrlFor(to.url) };
    return true;
  };
}
