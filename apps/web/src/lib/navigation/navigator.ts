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
  /**
   * Opens a layer (an overlay, a sheet, a preview) over the page on top: it gets its own history
   * entry, so back closes it (`onBack` is called then) and leaves the page as it is
   * (docs/product/client.md, Navigation, Layers). Call `close()` when it closes by itself (its own
   * button, Escape, after its action, unmounting): the entry is taken back out of the history.
   */
  readonly openLayer: (onBack: () => void) => Layer;
  /**
   * Returns to the nearest page below the top with this route (the page that sent the user on a
   * detour) instead of pushing a second one; opens it when the stack holds none.
   */
  readonly returnTo: (url: string) => Promise<void>;
  /**
   * The back of a page that may be the first of the app (login opened from a link): one page back,
   * or, when it is alone, out of the app: back to what came before it in the browser, or the
   * window closes when nothing did.
   */
  readonly backOrLeave: () => Promise<void>;
}

export interface Layer {
  readonly close: () => void;
}

interface HistoryState {
  readonly strideId: string;
  readonly strideParent: string | null;
  /** The layer this entry opened over its page (a sequence number; 0 for the page itself). */
  readonly strideLayer: number;
}

function readState(value: unknown): HistoryState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id: unknown = Reflect.get(value, 'strideId');
  const parent: unknown = Reflect.get(value, 'strideParent');
  const layer: unknown = Reflect.get(value, 'strideLayer');
  if (typeof id !== 'string') return undefined;
  return {
    strideId: id,
    strideParent: typeof parent === 'string' ? parent : null,
    strideLayer: typeof layer === 'number' ? layer : 0,
  };
}

interface OpenLayer {
  readonly seq: number;
  readonly onBack: () => void;
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
  /** Counts stack changes, so that the first page knows whether another opened while it loaded. */
  let stackChanges = 0;
  // Tab pages stay mounted once opened, by route, until a reLaunch (or a launch) empties everything.
  let alive = new Map<string, PageEntry>();
  let pages: readonly PageEntry[] = [];
  const listeners = new Set<() => void>();
  const inProgress = new Set<string>();
  const pendingBacks: PendingBack[] = [];
  let started = false;
  // Open layers per page id, oldest first; each owns the history entry above its page's.
  const layers = new Map<string, OpenLayer[]>();
  let nextLayer = 0;
  // A layer closed by itself whose history entry is about to be taken out: the next layer or page
  // opened before that happens reuses the entry instead.
  let spareEntry: { readonly seq: number; cancelled: boolean } | undefined;
  // Whether the browser had an entry before the app's first page (docs/product/client.md, Login).
  const hadHistoryBefore = win.history.length > 1;

  const newId = () => `${session}-${++nextId}`;
  const top = () => stack[stack.length - 1];
  const isTab = (route: string) => tabs.has(route);

  function setStack(next: readonly PageEntry[], keepTabs = true) {
    stackChanges += 1;
    if (!keepTabs) alive = new Map();
    for (const entry of next) if (isTab(entry.route)) alive.set(entry.route, entry);
    stack = next;
    const inStack = new Set(next.map((entry) => entry.id));
    // A page that left the stack takes its layers with it (it unmounts, and so do they).
    for (const id of [...layers.keys()]) if (!inStack.has(id)) layers.delete(id);
    pages = [...[...alive.values()].filter((entry) => !inStack.has(entry.id)), ...next];
    for (const listener of [...listeners]) listener();
  }

  function writeHistory(mode: 'push' | 'replace', entry: PageEntry, parent: PageEntry | undefined, layer = 0) {
    const state: HistoryState = { strideId: entry.id, strideParent: parent?.id ?? null, strideLayer: layer };
    const href = `#${entry.url}`;
    if (mode === 'push') win.history.pushState(state, '', href);
    else win.history.replaceState(state, '', href);
  }

  const layersOf = (id: string | undefined) => (id === undefined ? [] : (layers.get(id) ?? []));

  /** Takes the spare entry (a closed layer's, not yet gone) for a new page or layer. */
  function takeSpare(): boolean {
    if (!spareEntry) return false;
    spareEntry.cancelled = true;
    spareEntry = undefined;
    return true;
  }

  /** Takes a closed layer's entry out of the history now. */
  function releaseSpare() {
    if (!spareEntry) return;
    spareEntry.cancelled = true;
    spareEntry = undefined;
    pendingBacks.push({ resolve: () => undefined, reject: () => undefined });
    win.history.back();
  }

  /** Closes the page's layers opened after `above` (newest first), as back does. */
  function closeLayersAbove(id: string, above: number) {
    const open = layersOf(id);
    const closing = open.filter((layer) => layer.seq > above);
    if (closing.length === 0) return;
    layers.set(
      id,
      open.filter((layer) => layer.seq <= above),
    );
    for (const layer of closing.reverse()) layer.onBack();
  }

  /** Waits until the history has caught up with backs already asked for. */
  async function historySettled(): Promise<void> {
    while (pendingBacks.length > 0) {
      await new Promise<void>((resolve) => {
        pendingBacks.push({ resolve, reject: () => resolve() });
      });
    }
  }

  /** Takes the top page's layers out of the history before its entry is replaced. */
  async function unwindLayers(): Promise<void> {
    const count = layersOf(top()?.id).length;
    if (count === 0) return;
    await new Promise<void>((resolve, reject) => {
      pendingBacks.push({ resolve, reject });
      win.history.go(-count);
    });
  }

  function commit(kind: Exclude<NavigationKind, 'history'>, entry: PageEntry, reuse = false) {
    const current = stack;
    if (kind === 'navigateTo') {
      writeHistory(reuse ? 'replace' : 'push', entry, current[current.length - 1]);
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
      const finalKind = kindFor(kind, target.route);
      // A page pushed right after a layer closed by itself takes that layer's entry; anything else
      // waits until the history has caught up, and replaces the page's own entry, not a layer's.
      const reuse = finalKind === 'navigateTo' && takeSpare();
      if (!reuse) {
        releaseSpare();
        // Only when there is something to wait for: an extra turn would reorder navigations that
        // race (a launch and a reLaunch to login after an invalid session).
        if (pendingBacks.length > 0) await historySettled();
        if (finalKind !== 'navigateTo' && layersOf(top()?.id).length > 0) await unwindLayers();
      }
      commit(finalKind, { id: newId(), route: target.route, url: target.url, query: target.query }, reuse);
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
    const changesBefore = stackChanges;
    try {
      const target = await prepare({ kind: 'launch', route: resolved.route, url, query: resolved.query });
      // A page opened while the first one was loading (a hash typed into the address bar, a
      // reLaunch to login) is newer than it: the first page does not replace it.
      if (stackChanges !== changesBefore) return;
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
      closeLayersAbove(current.id, state.strideLayer);
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
      if (known >= 0 && state) closeLayersAbove(entry.id, state.strideLayer);
      else layers.delete(entry.id);
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
    const pages = Math.min(Math.max(1, Math.floor(delta)), stack.length - 1);
    if (pages < 1) return Promise.resolve();
    // Each page popped takes its own entry and its layers' entries with it.
    let steps = 0;
    for (const entry of stack.slice(stack.length - pages)) steps += 1 + layersOf(entry.id).length;
    return new Promise<void>((resolve, reject) => {
      pendingBacks.push({ resolve, reject });
      win.history.go(-steps);
    });
  }

  function openLayer(onBack: () => void): Layer {
    const page = top();
    if (!page) return { close: () => undefined };
    const layer: OpenLayer = { seq: ++nextLayer, onBack };
    const below = stack[stack.length - 2];
    writeHistory(takeSpare() ? 'replace' : 'push', page, below, layer.seq);
    layers.set(page.id, [...layersOf(page.id), layer]);
    return {
      close() {
        const open = layersOf(page.id);
        if (!open.includes(layer)) return;
        layers.set(
          page.id,
          open.filter((other) => other !== layer),
        );
        // Only the entry the browser is on can be taken out; an older one stays a plain page entry.
        const state = readState(win.history.state);
        if (top() !== page || state?.strideId !== page.id || state.strideLayer !== layer.seq) return;
        // Not at once: a layer or page opened in the same turn (a panel replacing another, a
        // page opened from the panel's action) takes the entry over instead.
        const spare = { seq: layer.seq, cancelled: false };
        spareEntry = spare;
        queueMicrotask(() => {
          if (spareEntry === spare) releaseSpare();
        });
      },
    };
  }

  async function returnTo(url: string): Promise<void> {
    const { route, search } = resolveUrl(url, top()?.route);
    const wanted = formatUrl(route, search);
    for (let index = stack.length - 2; index >= 0; index -= 1) {
      const entry = stack[index];
      if (entry && (entry.url === wanted || (search === '' && entry.route === route))) {
        return navigateBack(stack.length - 1 - index);
      }
    }
    return navigate('navigateTo', url);
  }

  function backOrLeave(): Promise<void> {
    if (stack.length > 1) return navigateBack(1);
    if (hadHistoryBefore) win.history.go(-1 - layersOf(top()?.id).length);
    else win.close();
    return Promise.resolve();
  }

  return {
    navigateTo: (url) => navigate('navigateTo', url),
    redirectTo: (url) => navigate('redirectTo', url),
    switchTab: (url) => navigate('switchTab', url),
    reLaunch: (url) => navigate('reLaunch', url),
    navigateBack,
    backOrHome: () => (stack.length > 1 ? navigateBack(1) : navigate('reLaunch', '/')),
    backOrLeave,
    openLayer,
    returnTo,
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
