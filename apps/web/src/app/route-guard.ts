import { PATHS, continueUrl, loginUrlFor, type RouteGuard } from '../lib/navigation';
import type { UserState } from '../lib/storage';
import { NO_LOGIN_ROUTES } from './routes';

export interface RouteGuardDeps {
  getUser(): UserState;
  /** Fetches the user and stores it. */
  loadUserInfo(): Promise<void>;
}

/** docs/product/client.md, Route guard: runs before every navigation, first load and back/forward included. */
export function createRouteGuard(deps: RouteGuardDeps): RouteGuard {
  return async (to) => {
    const isOpen = NO_LOGIN_ROUTES.includes(to.route);
    if (!deps.getUser().isLogged) return isOpen ? true : { redirect: loginUrlFor(to.url) };
    // A logged-in user has nothing to do on login: on to the page asked for, or home.
    if (to.route === PATHS.login) return { redirect: continueUrl(to.query.redirect) };
    if (deps.getUser().userInfo) return true;
    try {
      await deps.loadUserInfo();
    } catch {
      // An invalid session (1001) has logged the user out: this navigation goes to login,
      // remembering the target. Other failures (network) still show the page, which reports
      // its own errors.
      if (!deps.getUser().isLogged && !isOpen) return { redirect: loginUrlFor(to.url) };
    }
    return true;
  };
}
