import type { ComponentType } from 'react';
import type { PageProps } from './page-props';

export type PageModule = { readonly default: ComponentType<PageProps> };

/**
 * Every page's module, each a chunk of its own loaded when first asked for: the route table's
 * `page` names `pages/<page>.page.tsx`. Free of the UI framework, so the start script can ask for
 * the first page's chunk before the app's entry has loaded (decision 064 "A start script that waits for nothing").
 */
const PAGE_MODULES = import.meta.glob<PageModule>('./pages/*.page.tsx');

/** The loader of `pages/<page>.page.tsx`, or undefined when there is no such module. */
export function pageLoader(page: string): (() => Promise<PageModule>) | undefined {
  return PAGE_MODULES[`./pages/${page}.page.tsx`];
}

/** The name of every page module there is (`home` for `pages/home.page.tsx`). */
export const PAGE_NAMES: readonly string[] = Object.keys(PAGE_MODULES).map((key) =>
  key.replace(/^\.\/pages\//, '').replace(/\.page\.tsx$/, ''),
);
