import { createContext, useContext } from 'react';
import { translator, type ConsoleLanguage, type Translate } from '../locales';

export interface I18n {
  language: ConsoleLanguage;
  t: Translate;
  setLanguage: (language: ConsoleLanguage) => void;
}

export const I18nContext = createContext<I18n>({ language: 'en', t: translator('en'), setLanguage: () => undefined });

export function useI18n(): I18n {
  return useContext(I18nContext);
}
