import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '@stride/contract';
import { languageStore } from './language';
import { translate, type Translate } from './translate';

export function useLanguage(): Language {
  return useSyncExternalStore(languageStore.subscribe, languageStore.get);
}

export function useI18n(): { readonly t: Translate; readonly language: Language } {
  const language = useLanguage();
  const t = useCallback<Translate>((key, params) => translate(language, key, params), [language]);
  return { t, language };
}
