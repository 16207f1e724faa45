import { vi } from 'vitest';

/** antd reads media queries, which jsdom does not have. */
export function stubMatchMedia(): void {
  if (typeof window.matchMedia === 'function') return;
  window.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

/** antd's tables and dialogs also measure elements, which jsdom cannot. */
export function stubLayout(): void {
  stubMatchMedia();
  // jsdom has no styles of pseudo-elements (antd measures the scroll bar with one).
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => computed(element));
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
