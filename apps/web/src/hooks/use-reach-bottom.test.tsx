import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageActivityContext } from './page-activity';
import { REACH_BOTTOM_REARM_MS, useReachBottom } from './use-reach-bottom';

function List({ onReach }: { onReach: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useReachBottom(onReach, { target: ref });
  return (
    <div ref={ref} role="region" aria-label="List">
      items
    </div>
  );
}

function scrollTo(element: HTMLElement, top: number) {
  Object.defineProperty(element, 'scrollTop', { value: top, configurable: true });
  fireEvent.scroll(element);
}

function setUp() {
  const onReach = vi.fn();
  render(<List onReach={onReach} />);
  const region = screen.getByRole('region', { name: 'List' });
  // 1000 px of content in a 400 px box: the bottom is at scrollTop 600 (550 with the 50 px margin).
  Object.defineProperty(region, 'clientHeight', { value: 400, configurable: true });
  Object.defineProperty(region, 'scrollHeight', { value: 1000, configurable: true });
  return { onReach, region };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useReachBottom', () => {
  it('fires once per arrival, however many scroll events follow', () => {
    const { onReach, region } = setUp();
    scrollTo(region, 300);
    expect(onReach).not.toHaveBeenCalled();
    scrollTo(region, 560);
    scrollTo(region, 580);
    scrollTo(region, 600);
    expect(onReach).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(REACH_BOTTOM_REARM_MS * 3);
    });
    scrollTo(region, 600);
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('re-arms only 350 ms after firing, then fires on the next arrival', () => {
    const { onReach, region } = setUp();
    scrollTo(region, 600);
    scrollTo(region, 200);
    scrollTo(region, 600);
    expect(onReach).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(REACH_BOTTOM_REARM_MS);
    });
    scrollTo(region, 200);
    scrollTo(region, 600);
    expect(onReach).toHaveBeenCalledTimes(2);
  });

  it('stays quiet on a page that is not on top', () => {
    const onReach = vi.fn();
    render(
      <PageActivityContext.Provider value={false}>
        <List onReach={onReach} />
      </PageActivityContext.Provider>,
    );
    const region = screen.getByRole('region', { name: 'List' });
    Object.defineProperty(region, 'clientHeight', { value: 400, configurable: true });
    Object.defineProperty(region, 'scrollHeight', { value: 1000, configurable: true });
    scrollTo(region, 600);
    expect(onReach).not.toHaveBeenCalled();
  });
});
