import type { Root } from 'react-dom/client';

// Kept apart from the kit's setup (index.ts), so that the unit tests' setup can reach it without
// loading the whole kit before every test file.

/** The React roots the kit's imperative pieces (toasts, dialogs) render into, by container. */
export const kitRoots = new Map<Element | DocumentFragment, Root>();

/**
 * Unmounts every toast and dialog the kit still shows, at once. A toast lives on for its 1500 ms
 * and a closed dialog leaves on the next task; the unit tests' setup calls this after each test so
 * that no such piece renders after the test's page (and its window) are gone. Unmounting a root
 * twice does nothing, so a removal still pending stays harmless.
 */
export function unmountKitRoots(): void {
  for (const root of kitRoots.values()) root.unmount();
  kitRoots.clear();
}
