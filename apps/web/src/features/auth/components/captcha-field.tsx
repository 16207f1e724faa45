import { useI18n } from '../../../lib/i18n';
import type { CaptchaState } from '../hooks/use-captcha';

/** The answer to the captcha `useCaptcha` holds; a tap on its image (a PNG, none while the first loads) fetches another. */
export function CaptchaField({ captcha }: { readonly captcha: CaptchaState }) {
  const { image, code, setCode, refresh } = captcha;
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
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <button
          type="button"
          className="captcha-image"
          aria-label={t('login.captchaImage')}
          title={t('login.captchaImage')}
          onClick={refresh}
        >
          {image ? <img src={image} alt="" /> : null}
        </button>
      </div>
    </div>
  );
}
