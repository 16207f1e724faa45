import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { assertNoConsoleErrors, watchConsoleErrors } from './console';

// jsdom has no PointerEvent; without it Testing Library falls back to Event and drops clientX/clientY.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    readonly isPrimary: boolean;

    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
      this.isPrimary = init.isPrimary ?? true;
    }
  }
  Object.defineProperty(window, 'PointerEvent', { value: PointerEventPolyfill, configurable: true, writable: true });
}

beforeEach(() => {
  watchConsoleErrors();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  assertNoConsoleErrors();
});
