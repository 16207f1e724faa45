import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNavigator, type Navigator, type NavigatorOptions } from './navigator';
import { resolveUrl } from './url';

const TABS = ['/pages/index/index', '/pages/invite/index', '/pages/shop/index', '/pages/my/index'];
const ROUTES = [
  ...TABS,
  '/pages/login/index',
  '/pages-sub/address/index',
  '/pages-sub/address/edit',
  '/pages-sub/card/index',
];

let navigator: Navigator | undefined;

function start(options: Partial<NavigatorOptions> = {}, hash = '#/') {
  window.history.replaceState(null, '', `/${hash}`);
  navigator = createNavigator({ routes: ROUTES, tabs: TABS, ...options });
  return navigator;
}

const routes = (nav: Navigator) => nav.getStack().map((entry) => entry.url);

/** Resolves at the navigator's next stack change (after back/forward is handled). */
function nextChange(nav: Navigator): Promise<void> {
  return new Promise((resolve) => {
    const off = nav.subscribe(() => {
      off();
      resolve();
    });
  });
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  navigator?.stop();
  navigator = undefined;
});

describe('url resolution', () => {
  it('treats / as the home page and resolves relative urls against the current route', () => {
    expect(resolveUrl('/').route).toBe('/pages/index/index');
    expect(resolveUrl('edit?id=7', '/pages-sub/address/index')).toMatchObject({
      route: '/pages-sub/address/edit',
      search: 'id=7',
      query: { id: '7' },
    });
    expect(resolveUrl('../card/index', '/pages-sub/address/index').route).toBe('/pages-sub/card/index');
  });
});

describe('refusals, in order', () => {
  beforeEach(async () => {
    await start().start();
  });

  it('refuses a missing url first', async () => {
    await expect(navigator!.navigateTo('')).rejects.toThrow('Missing required args: "url"');
    await expect(navigator!.switchTab('')).rejects.toThrow('Missing required args: "url"');
  });

  it('refuses an unknown page with the url as given, query included', async () => {
    await expect(navigator!.navigateTo('/pages/nope/index?a=1')).rejects.toThrow(
      'page `/pages/nope/index?a=1` is not found',
    );
    // Not found wins over the tab checks.
    await expect(navigator!.switchTab('/pages/nope/index')).rejects.toThrow('page `/pages/nope/index` is not found');
  });

  it('refuses navigateTo and redirectTo to a tab page', async () => {
    await expect(navigator!.navigateTo('/pages/my/index')).rejects.toThrow('can not navigateTo a tabbar page');
    await expect(navigator!.redirectTo('/')).rejects.toThrow('can not redirectTo a tabbar page');
  });

  it('refuses switchTab to a page that is not a tab', async () => {
    await expect(navigator!.switchTab('/pages-sub/card/index')).rejects.toThrow('can not switch to no-tabBar page');
  });

  it('leaves the stack untouched after a refusal', async () => {
    const before = routes(navigator!);
    await navigator!.navigateTo('/pages/my/index').catch(() => undefined);
    expect(routes(navigator!)).toEqual(before);
  });
});

describe('the lock', () => {
  it('refuses the same normalised url while it is in progress and clears when it succeeds', async () => {
    const loading = deferred();
    const nav = start({
      loadPage: (route) => (route === '/pages-sub/card/index' ? loading.promise : Promise.resolve()),
    });
    await nav.start();
    const first = nav.navigateTo('/pages-sub/card/index?x=1');
    await expect(nav.navigateTo('/pages-sub/card/index?x=1')).rejects.toThrow('/pages-sub/card/index?x=1 locked');
    // Another query is another url.
    const other = nav.navigateTo('/pages-sub/card/index?x=2');
    loading.resolve();
    await Promise.all([first, other]);
    await nav.navigateTo('/pages-sub/card/index?x=1');
    expect(routes(nav)).toEqual([
      '/pages/index/index',
      '/pages-sub/card/index?x=1',
      '/pages-sub/card/index?x=2',
      '/pages-sub/card/index?x=1',
    ]);
  });

  it('clears when the navigation fails, with no timer involved', async () => {
    vi.useFakeTimers();
    try {
      const guardGate = deferred();
      const nav = start();
      await nav.start();
      nav.setGuard((to) => (to.route === '/pages-sub/card/index' ? guardGate.promise : true));
      const first = nav.navigateTo('/pages-sub/card/index');
      await expect(nav.navigateTo('/pages-sub/card/index')).rejects.toThrow('locked');
      guardGate.reject(new Error('no user'));
      await expect(first).rejects.toThrow('no user');
      expect(vi.getTimerCount()).toBe(0);
      nav.setGuard(undefined);
      await nav.navigateTo('/pages-sub/card/index');
      expect(routes(nav)).toEqual(['/pages/index/index', '/pages-sub/card/index']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the guard and the page load as in progress', async () => {
    const guardGate = deferred();
    const nav = start();
    await nav.start();
    nav.setGuard(() => guardGate.promise);
    const pending = nav.navigateTo('/pages-sub/card/index');
    await expect(nav.navigateTo('/pages-sub/card/index')).rejects.toThrow('/pages-sub/card/index locked');
    guardGate.resolve();
    await pending;
  });
});

describe('stack operations', () => {
  it('opens the page the address bar names, / being home, and passes the query as inputs', async () => {
    const nav = start({}, '#/pages-sub/card/index?from=link&n=2');
    await nav.start();
    expect(nav.getStack()).toEqual([
      expect.objectContaining({ route: '/pages-sub/card/index', query: { from: 'link', n: '2' } }),
    ]);
    nav.stop();

    const home = start({}, '#/');
    await home.start();
    expect(routes(home)).toEqual(['/pages/index/index']);
  });

  it('pushes, replaces, and writes the hash', async () => {
    const nav = start();
    await nav.start();
    await nav.navigateTo('/pages-sub/address/index');
    await nav.navigateTo('edit?id=3');
    expect(window.location.hash).toBe('#/pages-sub/address/edit?id=3');
    expect(nav.getStack().at(-1)?.query).toEqual({ id: '3' });
    await nav.redirectTo('/pages-sub/card/index');
    expect(routes(nav)).toEqual(['/pages/index/index', '/pages-sub/address/index', '/pages-sub/card/index']);
  });

  it('switchTab drops the pages above and ignores the query; reLaunch keeps one page', async () => {
    const nav = start();
    await nav.start();
    await nav.navigateTo('/pages-sub/address/index');
    await nav.switchTab('/pages/my/index?tab=x');
    expect(nav.getStack()).toEqual([expect.objectContaining({ url: '/pages/my/index', query: {} })]);
    await nav.navigateTo('/pages-sub/card/index');
    await nav.reLaunch('/pages-sub/address/index?a=1');
    expect(routes(nav)).toEqual(['/pages-sub/address/index?a=1']);
  });

  it('keeps tab pages alive across switchTab, with their ids, and drops only the non-tab pages', async () => {
    const nav = start();
    await nav.start();
    const home = nav.getStack()[0];
    await nav.navigateTo('/pages-sub/address/index');
    await nav.switchTab('/pages/my/index');
    const my = nav.getStack()[0];
    expect(routes(nav)).toEqual(['/pages/my/index']);
    expect(nav.getPages()).toEqual([home, my]);
    await nav.switchTab('/pages/index/index');
    // The same page comes back, not a new one.
    expect(nav.getStack()).toEqual([home]);
    expect(nav.getPages()).toEqual([my, home]);
    expect(window.location.hash).toBe('#/pages/index/index');
    await nav.navigateTo('/pages-sub/card/index');
    expect(nav.getPages().map((entry) => entry.url)).toEqual([
      '/pages/my/index',
      '/pages/index/index',
      '/pages-sub/card/index',
    ]);
  });

  it('reLaunch drops the kept tab pages too', async () => {
    const nav = start();
    await nav.start();
    await nav.switchTab('/pages/my/index');
    await nav.reLaunch('/pages/shop/index');
    expect(nav.getPages().map((entry) => entry.url)).toEqual(['/pages/shop/index']);
  });

  it('navigateBack pops delta pages, clamped to the first page', async () => {
    const nav = start();
    await nav.start();
    await nav.navigateTo('/pages-sub/address/index');
    await nav.navigateTo('/pages-sub/address/edit');
    await nav.navigateTo('/pages-sub/card/index');
    await nav.navigateBack();
    expect(routes(nav)).toEqual(['/pages/index/index', '/pages-sub/address/index', '/pages-sub/address/edit']);
    await nav.navigateBack(10);
    expect(routes(nav)).toEqual(['/pages/index/index']);
    expect(window.location.hash).toBe('#/pages/index/index');
    await nav.navigateBack();
    expect(routes(nav)).toEqual(['/pages/index/index']);
  });

  it('the back button goes back one page, or home when the page is alone (deep link)', async () => {
    const nav = start({}, '#/pages-sub/card/index');
    await nav.start();
    await nav.backOrHome();
    expect(routes(nav)).toEqual(['/pages/index/index']);

    await nav.navigateTo('/pages-sub/address/index');
    await nav.backOrHome();
    expect(routes(nav)).toEqual(['/pages/index/index']);
  });
});

describe('browser back and forward', () => {
  it('keeps the stack in line with the history', async () => {
    const nav = start();
    await nav.start();
    await nav.navigateTo('/pages-sub/address/index');
    await nav.navigateTo('/pages-sub/card/index');

    let change = nextChange(nav);
    window.history.back();
    await change;
    expect(routes(nav)).toEqual(['/pages/index/index', '/pages-sub/address/index']);

    change = nextChange(nav);
    window.history.forward();
    await change;
    expect(routes(nav)).toEqual(['/pages/index/index', '/pages-sub/address/index', '/pages-sub/card/index']);
  });

  it('treats a typed hash as a new page on top, and a typed tab page as the only page', async () => {
    const nav = start();
    await nav.start();
    let change = nextChange(nav);
    window.location.hash = '#/pages-sub/card/index?k=v';
    await change;
    expect(nav.getStack().at(-1)).toMatchObject({ route: '/pages-sub/card/index', query: { k: 'v' } });
    expect(nav.getStack()).toHaveLength(2);

    change = nextChange(nav);
    window.location.hash = '#/pages/shop/index';
    await change;
    expect(routes(nav)).toEqual(['/pages/shop/index']);
  });

  it('keeps a hash typed while the first page is still loading: the first page does not replace it', async () => {
    const homeLoaded = deferred();
    const nav = start({ loadPage: (route) => (route === TABS[0] ? homeLoaded.promise : Promise.resolve()) });
    const launched = nav.start();
    const change = nextChange(nav);
    window.location.hash = '#/pages-sub/card/index';
    await change;
    expect(routes(nav)).toEqual(['/pages-sub/card/index']);

    homeLoaded.resolve();
    await launched;
    expect(routes(nav)).toEqual(['/pages-sub/card/index']);
    expect(window.location.hash).toBe('#/pages-sub/card/index');
  });

  it('brings back the kept tab page when the history returns to a tab', async () => {
    const nav = start();
    await nav.start();
    const home = nav.getStack()[0];
    await nav.navigateTo('/pages-sub/address/index');
    await nav.switchTab('/pages/my/index');
    const change = nextChange(nav);
    window.location.hash = '#/pages/index/index';
    await change;
    expect(nav.getStack()).toEqual([home]);
    expect(nav.getPages().map((entry) => entry.route)).toEqual(['/pages/my/index', '/pages/index/index']);
  });

  it('runs the guard on back/forward and can redirect', async () => {
    const nav = start();
    await nav.start();
    await nav.navigateTo('/pages-sub/address/index');
    await nav.navigateTo('/pages-sub/card/index');
    const guard = vi.fn((to: { route: string }) =>
      to.route === '/pages-sub/address/index' ? { redirect: '/pages/login/index?redirect=x' } : true,
    );
    nav.setGuard(guard);
    const change = nextChange(nav);
    window.history.back();
    await change;
    expect(guard).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'history', route: '/pages-sub/address/index' }),
      expect.anything(),
    );
    expect(routes(nav)).toEqual(['/pages/index/index', '/pages/login/index?redirect=x']);
    expect(window.location.hash).toBe('#/pages/login/index?redirect=x');
  });
});

describe('guard', () => {
  it('runs before the first page and before each navigation, and may redirect', async () => {
    const guard = vi.fn((to: { route: string; url: string }) =>
      to.route === '/pages-sub/card/index'
        ? { redirect: `/pages/login/index?redirect=${encodeURIComponent(to.url)}` }
        : true,
    );
    const nav = start({ guard });
    await nav.start();
    expect(guard).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'launch', route: '/pages/index/index' }),
      undefined,
    );
    await nav.navigateTo('/pages-sub/card/index?a=1');
    expect(nav.getStack().at(-1)).toMatchObject({
      route: '/pages/login/index',
      query: { redirect: '/pages-sub/card/index?a=1' },
    });
  });
});

/** Resolves once the browser has moved to another history entry and the navigator has followed. */
function nextPop(): Promise<void> {
  return new Promise((resolve) => {
    window.addEventListener('popstate', () => setTimeout(resolve, 0), { once: true });
  });
}

const layerOf = () => Reflect.get(window.history.state as object, 'strideLayer') as number;

describe('layers (docs/product/client.md, Navigation, Layers)', () => {
  it('gives a layer its own entry: back closes it and leaves its page as it was', async () => {
    const nav = start();
    await nav.start();
    await nav.navigateTo('/pages-sub/address/index');
    const page = nav.getStack().at(-1);
    const onBack = vi.fn();
    nav.openLayer(onBack);
    expect(layerOf()).toBeGreaterThan(0);
    expect(window.location.hash).toBe('#/pages-sub/address/index');

    const popped = nextPop();
    window.history.back();
    await popped;
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(nav.getStack().at(-1)).toBe(page);
    expect(layerOf()).toBe(0);
  });

  it('closes the newest layer first', async () => {
    const nav = start();
    await nav.start();
    const closed: string[] = [];
    nav.openLayer(() => closed.push('list'));
    nav.openLayer(() => closed.push('detail'));
    let popped = nextPop();
    window.history.back();
    await popped;
    expect(closed).toEqual(['detail']);
    popped = nextPop();
    window.history.back();
    await popped;
    expect(closed).toEqual(['detail', 'list']);
  });

  it('takes its entry back out when it closes by itself, leaving no dead entry', async () => {
    const nav = start();
    await nav.start();
    await nav.navigateTo('/pages-sub/address/index');
    const onBack = vi.fn();
    const layer = nav.openLayer(onBack);
    const popped = nextPop();
    layer.close();
    await popped;
    expect(onBack).not.toHaveBeenCalled();
    expect(layerOf()).toBe(0);
    // The next back leaves the page at once.
    await nav.navigateBack();
    expect(routes(nav)).toEqual(['/pages/index/index']);
  });

  it('keeps a layer open under a page opened from it, and back returns to it', async () => {
    const nav = start();
    await nav.start();
    const onBack = vi.fn();
    nav.openLayer(onBack);
    await nav.navigateTo('/pages-sub/address/edit');
    await nav.navigateBack();
    expect(routes(nav)).toEqual(['/pages/index/index']);
    expect(onBack).not.toHaveBeenCalled();
    expect(layerOf()).toBeGreaterThan(0);
  });

  it('lets a page opened as its layer closes take over the layer entry', async () => {
    const nav = start();
    await nav.start();
    const onBack = vi.fn();
    const layer = nav.openLayer(onBack);
    layer.close();
    await nav.navigateTo('/pages-sub/address/edit');
    expect(routes(nav)).toEqual(['/pages/index/index', '/pages-sub/address/edit']);
    await nav.navigateBack();
    expect(routes(nav)).toEqual(['/pages/index/index']);
    expect(layerOf()).toBe(0);
    expect(onBack).not.toHaveBeenCalled();
  });

  it('closes the top page layers before replacing it', async () => {
    const nav = start();
    await nav.start();
    await nav.navigateTo('/pages-sub/address/index');
    const onBack = vi.fn();
    nav.openLayer(onBack);
    await nav.redirectTo('/pages-sub/card/index');
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(routes(nav)).toEqual(['/pages/index/index', '/pages-sub/card/index']);
    await nav.navigateBack();
    expect(routes(nav)).toEqual(['/pages/index/index']);
  });

  it('navigateBack counts the layers of the pages it pops', async () => {
    const nav = start();
    await nav.start();
    await nav.navigateTo('/pages-sub/address/index');
    nav.openLayer(() => undefined);
    await nav.navigateTo('/pages-sub/card/index');
    nav.openLayer(() => undefined);
    await nav.navigateBack(2);
    expect(routes(nav)).toEqual(['/pages/index/index']);
    expect(layerOf()).toBe(0);
  });
});

describe('detours and first pages', () => {
  it('returnTo goes back to the page that sent the user, or opens it when there is none', async () => {
    const nav = start();
    await nav.start();
    await nav.navigateTo('/pages-sub/card/index');
    await nav.navigateTo('/pages-sub/address/index');
    await nav.navigateTo('/pages-sub/address/edit');
    await nav.returnTo('/pages-sub/card/index');
    expect(routes(nav)).toEqual(['/pages/index/index', '/pages-sub/card/index']);
    await nav.returnTo('/pages-sub/address/index');
    expect(routes(nav)).toEqual(['/pages/index/index', '/pages-sub/card/index', '/pages-sub/address/index']);
  });

  it('backOrLeave goes back one page, or out of the app when the page is alone', async () => {
    const nav = start({}, '#/pages/login/index');
    await nav.start();
    await nav.navigateTo('/pages-sub/address/index');
    await nav.backOrLeave();
    expect(routes(nav)).toEqual(['/pages/login/index']);

    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    const go = vi.spyOn(window.history, 'go');
    await nav.backOrLeave();
    expect(go.mock.calls.length + close.mock.calls.length).toBe(1);
    if (go.mock.calls.length > 0) expect(go).toHaveBeenCalledWith(-1);
    close.mockRestore();
    go.mockRestore();
  });
});
