import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import type { Language } from '@stride/contract';
import { useLanguage } from '../lib/i18n';

const KIT_LOCALES = { en: enUS, es: esES, fr: frFR, 'zh-Hans': zhCN, 'zh-Hant': zhTW } as const;

/** The UI kit's own texts follow the app language, in the tree and in imperative dialogs. */
export function Providers({ children }: { readonly children: ReactNode }) {
  const language: Language = useLanguage();
  const locale = KIT_LOCALES[language];

  useEffect(() => {
    setDefaultConfig({ locale });
    document.documentElement.lang = language;
  }, [language, locale]);

  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
