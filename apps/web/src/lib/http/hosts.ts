/** The sessionStorage key (docs/product/client.md, Storage) for the session's extra backup host. */
export const SESSION_BACKUP_KEY = 'api';

/** Finds `api` in the app's URL, in the real query or in the query inside the hash. */
export function findApiParam(href: string): string | undefined {
  const url = new URL(href);
  const inSearch = url.searchParams.get('api');
  if (inSearch) return inSearch;
  const hashQuery = url.hash.indexOf('?');
  if (hashQuery < 0) return undefined;
  return new URLSearchParams(url.hash.slice(hashQuery + 1)).get('api') ?? undefined;
}

/** Keeps an `api` parameter containing `http` for the rest of the browser session. */
export function captureSessionBackup(href: string, storage: Storage): void {
  const value = findApiParam(href);
  if (value?.includes('http')) storage.setItem(SESSION_BACKUP_KEY, value);
}

export interface HostSources {
  readonly origin: string;
  readonly backups: readonly string[];
  readonly storage: Storage;
}

/** Primary first, then configured backups, then the session backup; no host twice. */
export function listHosts({ origin, backups, storage }: HostSources): string[] {
  const session = storage.getItem(SESSION_BACKUP_KEY);
  const all = [origin, ...backups, ...(session ? [session] : [])].map((host) => host.replace(/\/+$/, ''));
  return [...new Set(all)];
}
