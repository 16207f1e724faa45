import { CONSOLE_LANGUAGES, type ConsoleLanguage } from '../locales';

const STORAGE_KEY = 'stride.console.language';

function isLanguage(value: unknown): value is ConsoleLanguage {
  return (CONSOLE_LANGUAGES as readonly unknown[]).includes(value);
}

/** The browser's first language the console speaks: any Chinese reads the Simplified texts. */
export function browserLanguage(languages: readonly string[]): ConsoleLanguage {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-Hans';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/** The operator's own choice from the switch wins over the browser's languages. */
export function initialLanguage(): ConsoleLanguage {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage may be refused (private mode); the browser's languages still apply.
  }
  return browserLanguage(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
}

export function saveLanguage(language: ConsoleLanguage): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered across visits; the switch still works for this page.
  }
}
