import { getUserInfo } from '@stride/contract';
import { call } from '../lib/http';
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
        // The browser's contract keeps no schemas (decision 065 "The contract without its schemas in the browser"): the
        // endpoint costs the first route nothing.
        userStore.setUserInfo(await call(getUserInfo, {}, { hideErrors: true }));
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
