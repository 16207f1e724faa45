import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import type { Language } from '@stride/contract';
import { useLanguage } from '../lib/i18n';
import { loadedKitLocale } from '../locales';

/**
 * The UI kit's own texts follow the app language, in the tree and in imperative dialogs. They load
 * with the language (decision 052 "A first route without waterfalls"), which the app has before it renders in it;
 * English's stand in should that language's have failed to load.
 */
export function Providers({ children }: { readonly children: ReactNode }) {
  const language: Language = useLanguage();
  const locale = loadedKitLocale(language) ?? loadedKitLocale('en');

  useEffect(() => {
    if (locale) setDefaultConfig({ locale });
    document.documentElement.lang = language;
  }, [language, locale]);

  return locale ? <ConfigProvider locale={locale}>{children}</ConfigProvider> : <>{children}</>;
}
