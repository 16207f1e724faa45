import { getNavigator } from './installed';

export { createNavigator } from './navigator';
export type {
  GuardResult,
  Layer,
  NavigationKind,
  NavigationTarget,
  Navigator,
  NavigatorOptions,
  PageEntry,
  RouteGuard,
} from './navigator';
export { HOME_ROUTE, parseQuery, resolveUrl, type PageQuery } from './url';
export { findNavigator, getNavigator, go, goBack, installNavigator, relaunch, returnTo } from './installed';
export { PATHS, continueUrl, loginUrlFor, urlOf, type AppPath, type PathQuery } from './paths';

export const navigateTo = (url: string): Promise<void> => getNavigator().navigateTo(url);
export const redirectTo = (url: string): Promise<void> => getNavigator().redirectTo(url);
export const switchTab = (url: string): Promise<void> => getNavigator().switchTab(url);
export const reLaunch = (url: string): Promise<void> => getNavigator().reLaunch(url);
export const navigateBack = (delta?: number): Promise<void> => getNavigator().navigateBack(delta);
export const backOrHome = (): Promise<void> => getNavigator().backOrHome();
