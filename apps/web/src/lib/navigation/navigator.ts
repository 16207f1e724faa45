import { HOME_ROUTE, formatUrl, resolveUrl, urlFromHash, type PageQuery } from './url';

export type NavigationKind = 'navigateTo' | 'redirectTo' | 'switchTab' | 'reLaunch' | 'launch' | 'history';

export interface PageEntry {
  readonly id: string;
  readonly route: string;
  /** Normalised url: absolute route plus query as given. */
  readonly url: string;
  readonly query: PageQuery;
}

export interface NavigationTarget {
  readonly kind: NavigationKind;
  readonly route: string;
  readonly url: string;
  readonly query: PageQuery;
}

/** `{ redirect }` sends the navigation somewhere else; anything else lets it through. */
export type GuardResult = void | boolean | { readonly redirect: string };
export type RouteGuard = (to: NavigationTarget, from: PageEntry | undefined) => GuardResult | Promise<GuardResult>;

export interface NavigatorOptions {
  /** Every route of the app, absolute (`/pages/x/index`). */
  readonly routes: readonly string[];
  readonly tabs: readonly string[];
  /** Loads the page's code; a failure does not stop the navigation (the page shows the error). */
  readonly loadPage?: (route: string) => Promise<unknown>;
  readonly guard?: RouteGuard;
  readonly window?: Window;
}

export interface Navigator {
  readonly navigateTo: (url: string) => Promise<void>;
  readonly redirectTo: (url: string) => Promise<void>;
  readonly switchTab: (url: string) => Promise<void>;
  readonly reLaunch: (url: string) => Promise<void>;
  readonly navigateBack: (delta?: number) => Promise<void>;
  /** The page head's back button: one page back, or home when this is the only page. */
  readonly backOrHome: () => Promise<void>;
  readonly isTab: (route: string) => boolean;
  readonly setGuard: (guard: RouteGuard | undefined) => void;
  /** Opens the page the address bar names and starts following back/forward. */
  readonly start: () => Promise<void>;
  readonly stop: () => void;
  readonly getStack: () => readonly PageEntry[];
  /**
   * Every mounted page: the tab pages kept alive below or beside the stack (docs/product/client.md,
   * Navigation: switchTab drops only the non-tab pages), then the stack. The top of the stack is
   * the one shown.
   */
  readonly getPages: () => readonly PageEntry[];
  readonly subscribe: (listener: () => void) => () => void;
}

interface HistoryState {
  readonly strideId: string;
  readonly strideParent: string | null;
}

function readState(value: unknown): HistoryState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id: unknown = Reflect.get(value, 'strideId');
  const parent: unknown = Reflect.get(value, 'strideParent');
  if (typeof id !== 'string') return undefined;
  return { strideId: id, strideParent: typeof parent === 'string' ? parent : null };
}

interface PendingBack {
  resolve(): void;
  reject(error: unknown): void;
}

export function createNavigator(options: NavigatorOptions): Navigator {
  const win = options.window ?? window;
  const routes = new Set(options.routes);
  const tabs = new Set(options.tabs);
  // Ids must not collide with states left in the browser history by an earlier load of the app.
  const session = Math.random().toString(36).slice(2, 8);
  let nextId = 0;
  let guard = options.guard;
  let stack: readonly PageEntry[] = [];
  // Tab pages stay mounted once opened, by route, until a reLaunch (or a launch) empties everything.
  let alive = new Map<string, PageEntry>();
  let pages: readonly PageEntry[] = [];
  const listeners = new Set<() => void>();
  const inProgress = new Set<string>();
  const pendingBacks: PendingBack[] = [];
  let started = false;

  const newId = () => `${session}-${++nextId}`;
  const top = () => stack[stack.length - 1];
  const isTab = (route: string) => tabs.has(route);

  function setStack(next: readonly PageEntry[], keepTabs = true) {
    if (!keepTabs) alive = new Map();
    for (const entry of next) if (isTab(entry.route)) alive.set(entry.route, entry);
    stack = next;
    const inStack = new Set(next.map((entry) => entry.id));
    pages = [...[...alive.values()].filter((entry) => !inStack.has(entry.id)), ...next];
    for (const listener of [...listeners]) listener();
  }

  function writeHistory(mode: 'push' | 'replace', entry: PageEntry, parent: PageEntry | undefined) {
    const state: HistoryState = { strideId: entry.id, strideParent: parent?.id ?? null };
    const href = `#${entry.url}`;
    if (mode === 'push') win.history.pushState(state, '', href);
    else win.history.replaceState(state, '', href);
  }

  function commit(kind: Exclude<NavigationKind, 'history'>, entry: PageEntry) {
    const current = stack;
    if (kind === 'navigateTo') {
      writeHistory('push', entry, current[current.length - 1]);
      setStack([...current, entry]);
    } else if (kind === 'redirectTo') {
      const below = current.slice(0, -1);
      writeHistory('replace', entry, below[below.length - 1]);
      setStack([...below, entry]);
    } else if (kind === 'switchTab') {
      // The tab's page, if it was opened before, comes back as it was left.
      const kept = alive.get(entry.route) ?? entry;
      writeHistory('replace', kept, undefined);
      setStack([kept]);
    } else {
      writeHistory('replace', entry, undefined);
      setStack([entry], false);
    }
  }

  async function prepare(target: NavigationTarget): Promise<NavigationTarget> {
    const result = guard ? await guard(target, top()) : undefined;
    let final = target;
    if (typeof result === 'object' && result !== null) {
      const resolved = resolveUrl(result.redirect, target.route);
      if (!routes.has(resolved.route)) throw new Error(`page \`${result.redirect}\` is not found`);
      final = {
        kind: target.kind,
        route: resolved.route,
        url: formatUrl(resolved.route, resolved.search),
        query: resolved.query,
      };
    }
    if (options.loadPage) await options.loadPage(final.route).catch(() => undefined);
    return final;
  }

  /** The guard may send a tab navigation to a non-tab page (login); push it then. */
  function kindFor(kind: Exclude<NavigationKind, 'history'>, route: string): Exclude<NavigationKind, 'history'> {
    if (kind === 'switchTab' && !isTab(route)) return 'navigateTo';
    if ((kind === 'navigateTo' || kind === 'redirectTo') && isTab(route)) return 'reLaunch';
    return kind;
  }

  async function navigate(kind: Exclude<NavigationKind, 'history' | 'launch'>, url: string): Promise<void> {
    // The order of these checks is part of the contract (docs/product/client.md, Navigation).
    if (!url) throw new Error('Missing required args: "url"');
    const resolved = resolveUrl(url, top()?.route);
    if (!routes.has(resolved.route)) throw new Error(`page \`${url}\` is not found`);
    const tab = isTab(resolved.route);
    if ((kind === 'navigateTo' || kind === 'redirectTo') && tab) throw new Error(`can not ${kind} a tabbar page`);
    if (kind === 'switchTab' && !tab) throw new Error('can not switch to no-tabBar page');
    const search = kind === 'switchTab' ? '' : resolved.search;
    const normalised = formatUrl(resolved.route, search);
    if (inProgress.has(normalised)) throw new Error(`${normalised} locked`);

    inProgress.add(normalised);
    try {
      const query = kind === 'switchTab' ? {} : resolved.query;
      const target = await prepare({ kind, route: resolved.route, url: normalised, query });
      commit(kindFor(kind, target.route), { id: newId(), route: target.route, url: target.url, query: target.query });
    } finally {
      inProgress.delete(normalised);
    }
  }

  async function launch(): Promise<void> {
    let resolved = resolveUrl(urlFromHash(win.location.hash));
    // A stale or mistyped deep link should still open the app.
    if (!routes.has(resolved.route)) resolved = resolveUrl(HOME_ROUTE);
    const url = formatUrl(resolved.route, resolved.search);
    inProgress.add(url);
    try {
      const target = await prepare({ kind: 'launch', route: resolved.route, url, query: resolved.query });
      commit('launch', { id: newId(), route: target.route, url: target.url, query: target.query });
    } finally {
      inProgress.delete(url);
    }
  }

  function settleBacks(error?: unknown) {
    for (const pending of pendingBacks.splice(0)) {
      if (error === undefined) pending.resolve();
      else pending.reject(error);
    }
  }

  /** Brings the stack in line with the address bar after back, forward or a typed hash. */
  async function followHistory(): Promise<void> {
    const state = readState(win.history.state);
    const current = top();
    if (state && current && state.strideId === current.id) {
      settleBacks();
      return;
    }
    let resolved = resolveUrl(urlFromHash(win.location.hash));
    if (!routes.has(resolved.route)) resolved = resolveUrl(HOME_ROUTE);
    const url = formatUrl(resolved.route, resolved.search);
    if (inProgress.has(url)) return;

    inProgress.add(url);
    try {
      const target = await prepare({ kind: 'history', route: resolved.route, url, query: resolved.query });
      const redirected = target.url !== url;
      const known = state ? stack.findIndex((entry) => entry.id === state.strideId) : -1;
      let below: readonly PageEntry[];
      if (known >= 0) below = stack.slice(0, known);
      else if (isTab(resolved.route)) below = [];
      else if (!state || state.strideParent === top()?.id) below = stack;
      else below = [];
      const id = !redirected && state ? state.strideId : newId();
      // A tab page the user comes back to through the history is the one kept alive.
      const kept = known < 0 && below.length === 0 ? alive.get(target.route) : undefined;
      const entry: PageEntry = kept ?? { id, route: target.route, url: target.url, query: target.query };
      if (redirected || !state || known < 0) writeHistory('replace', entry, below[below.length - 1]);
      setStack([...below, entry]);
      settleBacks();
    } catch (error) {
      settleBacks(error);
    } finally {
      inProgress.delete(url);
    }
  }

  const onHistory = () => {
    void followHistory();
  };

  function navigateBack(delta = 1): Promise<void> {
    const steps = Math.min(Math.max(1, Math.floor(delta)), stack.length - 1);
    if (steps < 1) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      pendingBacks.push({ resolve, reject });
      win.history.go(-steps);
    });
  }

  return {
    navigateTo: (url) => navigate('navigateTo', url),
    redirectTo: (url) => navigate('redirectTo', url),
    switchTab: (url) => navigate('switchTab', url),
    reLaunch: (url) => navigate('reLaunch', url),
    navigateBack,
    backOrHome: () => (stack.length > 1 ? navigateBack(1) : navigate('reLaunch', '/')),
    isTab,
    setGuard(next) {
      guard = next;
    },
    start() {
      if (!started) {
        started = true;
        win.addEventListener('popstate', onHistory);
        // Some engines report a typed hash only through hashchange.
        win.addEventListener('hashchange', onHistory);
      }
      return launch();
    },
    stop() {
      started = false;
      win.removeEventListener('popstate', onHistory);
      win.removeEventListener('hashchange', onHistory);
    },
    getStack: () => stack,
    getPages: () => pages,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
