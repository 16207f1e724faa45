import { Segmented } from 'antd';
import { useI18n } from '../lib/i18n-context';
import { CONSOLE_LANGUAGES, LANGUAGE_NAMES, type ConsoleLanguage } from '../locales';

/** Two languages side by side: lighter than a drop-down in the shell's first load, and one tap. */
export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n();
  return (
    <Segmented<ConsoleLanguage>
      aria-label={t('language')}
      value={language}
      onChange={setLanguage}
      options={CONSOLE_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
    />
  );
}
