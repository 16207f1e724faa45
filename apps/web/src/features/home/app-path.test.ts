import { describe, expect, it } from 'vitest';
import { appPathOf } from './app-path';

describe('appPathOf', () => {
  it('reads app routes, with or without the hash, and outside links', () => {
    expect(appPathOf('/pages/invest/index')).toEqual({ kind: 'route', url: '/pages/invest/index' });
    expect(appPathOf('#/pages-sub/card/index?tab=1')).toEqual({ kind: 'route', url: '/pages-sub/card/index?tab=1' });
    expect(appPathOf('https://example.com/x')).toEqual({ kind: 'external', url: 'https://example.com/x' });
    expect(appPathOf('javascript:alert(1)')).toBeUndefined();
    expect(appPathOf('http://example.com/x')).toBeUndefined();
    expect(appPathOf('//example.com/x')).toBeUndefined();
    expect(appPathOf('')).toBeUndefined();
  });
});
