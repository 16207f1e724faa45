import { createContext, useContext } from 'react';

/**
 * Whether the page around a component is the top of the stack. Pages below stay mounted (the page
 * stack keeps them), so window-wide listeners and timers use this to stand down.
 */
export const PageActivityContext = createContext(true);

export function usePageActive(): boolean {
  return useContext(PageActivityContext);
}
