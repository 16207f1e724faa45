import { APP_LANGUAGES, LANGUAGE_NAMES, languageStore, useI18n } from '../../../lib/i18n';

/** The choice is saved and applied at once, to our texts and to the UI kit's. */
export function LanguagePicker() {
  const { t, language } = useI18n();
  return (
    <fieldset className="list list--fieldset">
      <legend className="list__secondary list__legend">{t('my.language')}</legend>
      {APP_LANGUAGES.map((option) => (
        <label key={option} className="list__item">
          <span lang={option}>{LANGUAGE_NAMES[option]}</span>
          <input
            type="radio"
            name="language"
            value={option}
            checked={option === language}
            onChange={() => languageStore.set(option)}
          />
        </label>
      ))}
    </fieldset>
  );
}
