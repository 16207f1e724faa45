import { useLayoutEffect, useRef } from 'react';
import { findNavigator } from '../lib/navigation';

/**
 * Gives an overlay (a panel, sheet, preview or dialog showing content) its own history entry while
 * it is open (docs/product/client.md, Navigation, Layers): the browser's or the phone's back
 * closes it through `onClose`, leaving its page as it was, and closing it any other way takes the
 * entry back out. Call it in the component that is mounted exactly while the overlay is open.
 */
export function useHistoryLayer(onClose: () => void, isOpen = true): void {
  const latest = useRef(onClose);
  useLayoutEffect(() => {
    latest.current = onClose;
  });
  // A layout effect: the entry is written before the overlay is painted. A plain effect may run
  // only after the next frame (it did under the Preact build of decision 059 "The shipped web app renders with
  // Preact"), and a back pressed in between closed what was below it.
  useLayoutEffect(() => {
    if (!isOpen) return undefined;
    const layer = findNavigator()?.openLayer(() => latest.current());
    return () => layer?.close();
  }, [isOpen]);
}
