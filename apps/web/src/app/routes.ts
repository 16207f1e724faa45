import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageKey } from '../lib/i18n';
import { pageLoader, type PageModule } from './page-modules';
import { PAGE_TITLES } from './page-titles';
import type { PageProps } from './page-props';
import { NO_LOGIN_ROUTES, PAGES, type PageDef, type TabIcon } from './route-table';

export { NO_LOGIN_ROUTES, type TabIcon };

export interface RouteDef extends PageDef {
  readonly titleKey: MessageKey;
  readonly load: () => Promise<PageModule>;
}

function loaderOf({ page, texts }: PageDef): () => Promise<PageModule> {
  const load = pageLoader(page, texts);
  if (!load) throw new Error(`the route table names a page with no module: pages/${page}.page.tsx`);
  return load;
}

/** docs/product/client.md, Pages: every route; each page is its own chunk. */
export const ROUTES: readonly RouteDef[] = PAGES.map((page) => ({
  ...page,
  titleKey: PAGE_TITLES[page.path],
  load: loaderOf(page),
}));

/** Tab order of docs/product/client.md, Tab bar: home, invite, mall, my. */
export const TAB_ROUTES: readonly string[] = ROUTES.filter((route) => route.tab).map((route) => route.path);

const BY_PATH = new Map<string, RouteDef>(ROUTES.map((route) => [route.path, route]));

export function findRoute(path: string): RouteDef | undefined {
  return BY_PATH.get(path);
}

const COMPONENTS = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>(
  ROUTES.map((route) => [route.path, lazy(route.load)]),
);

export function pageComponent(path: string): LazyExoticComponent<ComponentType<PageProps>> | undefined {
  return COMPONENTS.get(path);
}

export function loadRoute(path: string): Promise<unknown> {
  return findRoute(path)?.load() ?? Promise.resolve();
}
