import { createContext, useContext, useEffect } from 'react';
import type { MessageKey } from '../lib/i18n';

/**
 * The page host's setter of a page's title, for a page whose title follows what it shows (the
 * login page's Sign up tab, docs/product/client.md, Login and sign-up). Undefined outside a page.
 */
export const PageTitleContext = createContext<((key: MessageKey | undefined) => void) | undefined>(undefined);

/** Titles the page around the caller `key` (nav bar and document title) while it is mounted. */
export function usePageTitle(key: MessageKey): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle?.(key);
    return () => setTitle?.(undefined);
  }, [setTitle, key]);
}
