import { createNavigator, installNavigator, type Navigator } from '../lib/navigation';
import { userStore } from '../lib/storage';
import { createRouteGuard } from './route-guard';
import { ROUTES, TAB_ROUTES, loadRoute } from './routes';

/** The app's navigator: route table, page loading and the route guard, installed for everyone. */
export function setUpNavigation(win: Window = window): Navigator {
  const navigator = createNavigator({
    routes: ROUTES.map((route) => route.path),
    tabs: TAB_ROUTES,
    loadPage: loadRoute,
    window: win,
    guard: createRouteGuard({
      getUser: () => userStore.getState(),
      async loadUserInfo() {
        // Loaded on demand: the contract's schemas stay out of the first route's bundle.
        const { getUserInfo } = await import('../features/auth');
        userStore.setUserInfo(await getUserInfo({ hideErrors: true }));
      },
      async policiesPending() {
        const { getConsents } = await import('../features/policies');
        return (await getConsents({ hideErrors: true })).needsAcceptance;
      },
    }),
  });
  installNavigator(navigator);
  return navigator;
}
