import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import { createElement, type ReactElement } from 'react';
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

/** A request the page sent: its method, URL and JSON body. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Stands in for the server: each request is recorded (in the array answered) and answered with the envelope
 * `reply` gives for it; `vi.unstubAllGlobals()` ends it.
 */
export function stubServer(reply: (request: SentRequest) => unknown): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method: init.method ?? 'GET', url, body };
    sent.push(request);
    return Promise.resolve(new Response(JSON.stringify(reply(request))));
  });
  return sent;
}

/** A page inside antd's App, whose message and modal hooks the pages use. */
export const renderInApp = (page: ReactElement) => render(createElement(App, null, page));

/** After a test: the rendered tree, the stubbed globals and the spies go. */
export function endBrowserTest(): void {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
