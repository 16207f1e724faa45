import type { Navigator } from './navigator';
import { urlOf, type AppPath, type PathQuery } from './paths';

let installed: Navigator | undefined;

/** The app installs its one navigator at start-up; features navigate through it. */
export function installNavigator(navigator: Navigator | undefined): void {
  installed = navigator;
}

export function getNavigator(): Navigator {
  if (!installed) throw new Error('No navigator installed');
  return installed;
}

// A refused navigation (a page already being opened, a tab from navigateTo) leaves the user where
// they are, which is what a tap should do: these helpers swallow the refusal.
const ignore = () => undefined;

/** Opens a page on top of the stack. */
export function go(path: AppPath, query?: PathQuery): void {
  getNavigator().navigateTo(urlOf(path, query)).catch(ignore);
}

/** Empties the stack and opens a page. */
export function relaunch(path: AppPath, query?: PathQuery): void {
  getNavigator().reLaunch(urlOf(path, query)).catch(ignore);
}

/** Back one page. */
export function goBack(): void {
  getNavigator().navigateBack().catch(ignore);
}

/** The installed navigator, if any (components rendered alone, in tests, have none). */
export function findNavigator(): Navigator | undefined {
  return installed;
}

/**
 * Back to the page that sent the user on a detour (withdraw → face check → "go withdraw"), or
 * opens it when the stack holds none.
 */
export function returnTo(path: AppPath, query?: PathQuery): void {
  getNavigator().returnTo(urlOf(path, query)).catch(ignore);
}
