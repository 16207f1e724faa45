import type { Navigator } from './navigator';

export { createNavigator } from './navigator';
export type {
  GuardResult,
  NavigationKind,
  NavigationTarget,
  Navigator,
  NavigatorOptions,
  PageEntry,
  RouteGuard,
} from './navigator';
export { HOME_ROUTE, parseQuery, resolveUrl, type PageQuery } from './url';

let installed: Navigator | undefined;

/** The app installs its one navigator at start-up; features navigate through these functions. */
export function installNavigator(navigator: Navigator | undefined): void {
  installed = navigator;
}

export function getNavigator(): Navigator {
  if (!installed) throw new Error('No navigator installed');
  return installed;
}

export const navigateTo = (url: string): Promise<void> => getNavigator().navigateTo(url);
export const redirectTo = (url: string): Promise<void> => getNavigator().redirectTo(url);
export const switchTab = (url: string): Promise<void> => getNavigator().switchTab(url);
export const reLaunch = (url: string): Promise<void> => getNavigator().reLaunch(url);
export const navigateBack = (delta?: number): Promise<void> => getNavigator().navigateBack(delta);
export const backOrHome = (): Promise<void> => getNavigator().backOrHome();
