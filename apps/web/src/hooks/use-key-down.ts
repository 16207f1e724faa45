import { useEffect, useRef } from 'react';

/**
 * Listens to keys on the whole document while mounted: an overlay (dialog, preview) answers
 * Escape and arrows wherever focus is inside it.
 */
export function useKeyDown(onKeyDown: (event: KeyboardEvent) => void): void {
  const handler = useRef(onKeyDown);
  useEffect(() => {
    handler.current = onKeyDown;
  }, [onKeyDown]);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => handler.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
