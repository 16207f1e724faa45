import { Globals } from '@react-spring/web';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { unmountKitRoots } from '../components/kit-render/roots';
import { toastsHandedOver } from '../components/toast/toast';
import { APP_LANGUAGES } from '../lib/i18n/language';
import { loadMessages, loadPageTexts } from '../locales';
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

// antd-mobile animates its dialogs and popups with react-spring, and a closing one leaves the DOM
// only when its animation ends. Under jsdom on Node 24 that animation never ends, so a closed
// dialog stayed in the document. Elsewhere it took more than a second under load. Tests check
// what is shown, not how it moves: every animation jumps to its end.
Globals.assign({ skipAnimation: true });

// Pages are lazy chunks: the first import of a page's module graph can take more than the
// default second on a loaded 2-core machine. Waiting longer never makes a wrong result pass.
configure({ asyncUtilTimeout: 5000 });

// Each language is a chunk the app loads when first used, and so are the social pages' texts (decision 097 "Page texts
// for the social pages") and the "Rules and changes" page's; tests read any of them at once.
beforeAll(async () => {
  await Promise.all(
    APP_LANGUAGES.flatMap((language) => [
      loadMessages(language),
      loadPageTexts('social', language),
      loadPageTexts('rules', language),
      loadPageTexts('appeals', language),
      loadPageTexts('sources', language),
      loadPageTexts('paymentPassword', language),
    ]),
  );
});

beforeEach(() => {
  watchConsoleErrors();
});

afterEach(async () => {
  // A toast a test caused may still wait for the kit to load: it is shown, then taken away with the kit's roots.
  await act(() => toastsHandedOver());
  cleanup();
  // The kit's toasts and dialogs live in roots of their own, outside the page. Left alone, a toast's
  // timer would render it again after the test file's window is gone ("window is not defined").
  act(() => unmountKitRoots());
  window.localStorage.clear();
  window.sessionStorage.clear();
  assertNoConsoleErrors();
});
