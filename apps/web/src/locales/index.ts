import type { Language } from '@stride/contract';
import { en, type Messages } from './en';
import { es } from './es';
import { fr } from './fr';
import { zhHans } from './zh-Hans';
import { zhHant } from './zh-Hant';

export type { MessageKey, Messages } from './en';

export const LOCALES: Readonly<Record<Language, Messages>> = {
  en,
  es,
  fr,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
};
