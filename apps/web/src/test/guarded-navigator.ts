import { createRouteGuard, type RouteGuardDeps } from '../app/route-guard';
import { ROUTES, TAB_ROUTES } from '../app/routes';
import { createNavigator, type Navigator } from '../lib/navigation';

/** A navigator over the app's routes, opened at `hash` and guarded as the app guards it. */
export function guardedNavigator(hash: string, deps: RouteGuardDeps): Navigator {
  window.history.replaceState(null, '', `/${hash}`);
  return createNavigator({
    routes: ROUTES.map((route) => route.path),
    tabs: TAB_ROUTES,
    guard: createRouteGuard(deps),
  });
}

/** The page on top of the stack. */
export const top = (nav: Navigator) => nav.getStack().at(-1);
