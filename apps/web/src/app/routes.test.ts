import { APP_ROUTES, ENDPOINTS } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { PAGE_NAMES } from './page-modules';
import { PAGES } from './route-table';
import { ROUTES, TAB_ROUTES } from './routes';

describe('route table', () => {
  it('has exactly the pages of docs/product/client.md that the contract lists', () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual([...APP_ROUTES].sort());
  });

  it('names a page module for every route, and every page module for a route (decision 064)', () => {
    const named = PAGES.map((page) => page.page);
    expect([...new Set(named)].sort()).toEqual([...PAGE_NAMES].sort());
    expect(named).toHaveLength(PAGE_NAMES.length);
    for (const route of ROUTES) expect(route.load, route.path).toBeTypeOf('function');
  });

  it('has the four tabs in order: home, invite, mall, my', () => {
    expect(TAB_ROUTES).toEqual(['/pages/index/index', '/pages/invite/index', '/pages/shop/index', '/pages/my/index']);
  });

  it("names as a page's first reads only GET calls of the contract, with a query the contract takes (decision 060)", () => {
    const reads = ROUTES.flatMap((route) => route.firstReads ?? []);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      const url = new URL(read, 'https://app.test');
      const endpoint = ENDPOINTS.find((item) => item.method === 'GET' && item.path === url.pathname);
      expect(endpoint, read).toBeDefined();
      const query = Object.fromEntries(url.searchParams);
      if (endpoint?.query) expect(endpoint.query.safeParse(query).success, read).toBe(true);
      else expect(query, read).toEqual({});
    }
  });
});
