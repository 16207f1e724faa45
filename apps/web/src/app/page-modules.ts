import type { ComponentType } from 'react';
import { languageStore } from '../lib/i18n/language';
import { loadPageTexts, type PageTexts } from '../locales';
import type { PageProps } from './page-props';

export type PageModule = { readonly default: ComponentType<PageProps> };

/**
 * Every page's module, each a chunk of its own loaded when first asked for: the route table's
 * `page` names `pages/<page>.page.tsx`. Free of the UI framework, so the start script can ask for
 * the first page's chunk before the app's entry has loaded (decision 064 "A start script that waits for nothing").
 */
const PAGE_MODULES = import.meta.glob<PageModule>('./pages/*.page.tsx');

/**
 * The loader of `pages/<page>.page.tsx`, or undefined when there is no such module. With `texts`, the page's own texts
 * in the current language are asked for side by side with its code, and the page renders once both are here (decision
 * 097 "Page texts for the social pages").
 */
export function pageLoader(page: string, texts?: PageTexts): (() => Promise<PageModule>) | undefined {
  const load = PAGE_MODULES[`./pages/${page}.page.tsx`];
  if (!load || !texts) return load;
  return () => Promise.all([load(), loadPageTexts(texts, languageStore.get())]).then(([module]) => module);
}

/** The name of every page module there is (`home` for `pages/home.page.tsx`). */
export const PAGE_NAMES: readonly string[] = Object.keys(PAGE_MODULES).map((key) =>
  key.replace(/^\.\/pages\//, '').replace(/\.page\.tsx$/, ''),
);
