import { APP_ROUTES } from '@stride/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { go, goBack, installNavigator, relaunch, type Navigator } from './index';
import { PATHS, loginUrlFor, urlOf } from './paths';

afterEach(() => installNavigator(undefined));

describe('the page table', () => {
  it('names exactly the pages the contract lists, each once', () => {
    const paths = Object.values(PATHS);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...APP_ROUTES].sort());
  });

  it('builds a url with its inputs encoded as url components', () => {
    expect(urlOf(PATHS.addressEdit)).toBe('/pages-sub/address/edit');
    expect(urlOf(PATHS.addressEdit, { id: 'a b/c' })).toBe('/pages-sub/address/edit?id=a%20b%2Fc');
    expect(loginUrlFor('/pages/my/index?tab=1')).toBe('/pages/login/index?redirect=%2Fpages%2Fmy%2Findex%3Ftab%3D1');
    expect(loginUrlFor(undefined)).toBe('/pages/login/index');
  });
});

describe('navigating from a tap', () => {
  it('opens, relaunches and goes back through the installed navigator, handling refusals', () => {
    const refusals: Promise<void>[] = [];
    const refused = () => {
      const refusal = Promise.reject(new Error('/pages-sub/card/index locked'));
      vi.spyOn(refusal, 'catch');
      refusals.push(refusal);
      return refusal;
    };
    const navigator = { navigateTo: vi.fn(refused), reLaunch: vi.fn(refused), navigateBack: vi.fn(refused) };
    installNavigator(navigator as unknown as Navigator);

    go(PATHS.withdrawalTypeEdit, { id: '7' });
    relaunch(PATHS.login);
    goBack();

    expect(navigator.navigateTo).toHaveBeenCalledWith('/pages-sub/withdrawal-type/edit?id=7');
    expect(navigator.reLaunch).toHaveBeenCalledWith('/pages/login/index');
    expect(navigator.navigateBack).toHaveBeenCalledWith();
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals) expect(refusal.catch).toHaveBeenCalledTimes(1);
  });
});
