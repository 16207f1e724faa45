import { useI18n } from '../../../lib/i18n';

export interface CaptchaFieldProps {
  /** An image data URL (a PNG); null while the first one loads. */
  readonly image: string | null;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onRefresh: () => void;
}

export function CaptchaField({ image, value, onChange, onRefresh }: CaptchaFieldProps) {
  const { t } = useI18n();
  return (
    <div className="field">
      <label className="field__label" htmlFor="captcha-code">
        {t('login.captcha')}
      </label>
      <div className="field__row">
        <input
          id="captcha-code"
          className="input"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={8}
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="captcha-image"
          aria-label={t('login.captchaImage')}
          title={t('login.captchaImage')}
          onClick={onRefresh}
        >
          {image ? <img src={image} alt="" /> : null}
        </button>
      </div>
    </div>
  );
}
