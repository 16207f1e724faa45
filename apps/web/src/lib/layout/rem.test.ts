import { describe, expect, it } from 'vitest';
import { applyRem, rootFontSize } from './rem';

describe('rem layout', () => {
  it('follows the width with the 10/320 ratio, and treats widths over 960 as 375', () => {
    expect(rootFontSize(320)).toBe(10);
    expect(rootFontSize(375)).toBeCloseTo(11.71875);
    expect(rootFontSize(960)).toBe(30);
    expect(rootFontSize(1440)).toBeCloseTo(11.71875);
  });

  it('sets the root font size and follows resizes', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 320 });
    const stop = applyRem(window);
    expect(document.documentElement.style.fontSize).toBe('10px');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 640 });
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.fontSize).toBe('20px');
    stop();
  });
});
