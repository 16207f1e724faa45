import { Select } from 'antd';
import { useI18n } from '../lib/i18n-context';
import { CONSOLE_LANGUAGES, LANGUAGE_NAMES } from '../locales';

export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n();
  return (
    <Select
      aria-label={t('language')}
      value={language}
      onChange={setLanguage}
      options={CONSOLE_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
      style={{ width: 120 }}
    />
  );
}
