import { APP_ROUTES } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { ROUTES, TAB_ROUTES } from './routes';

describe('route table', () => {
  it('has exactly the pages of docs/product/client.md that the contract lists', () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual([...APP_ROUTES].sort());
  });

  it('has the four tabs in order: home, invite, mall, my', () => {
    expect(TAB_ROUTES).toEqual(['/pages/index/index', '/pages/invite/index', '/pages/shop/index', '/pages/my/index']);
  });
});
