import { PATHS } from './paths';

/** The home page; `/` is its alias (docs/product/client.md, Pages). */
export const HOME_ROUTE = PATHS.home;

export type PageQuery = Readonly<Record<string, string>>;

export interface ResolvedUrl {
  /** Absolute route without query, aliases applied. */
  readonly route: string;
  /** Query string without `?`, as given. */
  readonly search: string;
  readonly query: PageQuery;
}

// Any origin works: it only lets the URL parser resolve relative paths against a route.
const BASE = 'http://stride.invalid';

export function normaliseRoute(path: string): string {
  return path === '/' || path === '' ? HOME_ROUTE : path;
}

export function parseQuery(search: string): PageQuery {
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) query[key] = value;
  return query;
}

/** Resolves `url` (absolute, or relative to `currentRoute`) into a route and its query. */
export function resolveUrl(url: string, currentRoute: string = HOME_ROUTE): ResolvedUrl {
  const parsed = new URL(url, BASE + currentRoute);
  const search = parsed.search.replace(/^\?/, '');
  return { route: normaliseRoute(decodeURI(parsed.pathname)), search, query: parseQuery(search) };
}

export function formatUrl(route: string, search: string): string {
  return search ? `${route}?${search}` : route;
}

/** The app's own url as the hash holds it (`#/pages/x/index?a=1`), `/` when empty. */
export function urlFromHash(hash: string): string {
  const url = hash.replace(/^#/, '');
  return url === '' ? '/' : url;
}
