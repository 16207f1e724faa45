import { createContext, useContext } from 'react';

/** The screens the signed-in operator's roles open: a link to one of the others would lead nowhere. */
export const OpenScreensContext = createContext<ReadonlySet<string>>(new Set());

export function useCanOpen(screen: string): boolean {
  return useContext(OpenScreensContext).has(screen);
}
