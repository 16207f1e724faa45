import type { ConsentKind } from '@stride/contract';
import { useId } from 'react';
import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { grantConsent } from '../api/policies-api';
import { PolicyLink } from './policy-links';
import { FormError } from '../../../components/form-error';
import { CardSection } from '../../../components/card-section';

/**
 * The explicit consent asked before ID card photos are taken (decision 046 "Policies and consent"): what they are for,
 * who sees them, how long they are kept, and an "Agree" that the server records.
 */
export function ConsentCard({
  kind,
  onGranted,
}: {
  readonly kind: Extract<ConsentKind, 'id_photos'>;
  readonly onGranted: () => void;
}) {
  const { t, language } = useI18n();
  const titleId = useId();
  const sending = useSubmit({ staysBusyOnSuccess: true });
  return (
    <CardSection
      titleId={titleId}
      title={t('consent.idPhotos.title')}
      titleClassName="consent-card__title"
      className="consent-card"
    >
      <ul className="consent-card__points">
        <li>{t('consent.idPhotos.point1')}</li>
        <li>{t('consent.idPhotos.point2')}</li>
        <li>{t('consent.idPhotos.point3')}</li>
      </ul>
      <p className="hint">
        {t('consent.more')}
        {language.startsWith('zh') ? '' : ' '}
        <PolicyLink kind="privacy" inline />
      </p>
      <FormError message={sending.error} />
      <button
        type="button"
        className="button button--block"
        disabled={sending.isBusy}
        onClick={() => void sending.run(() => grantConsent(kind, { hideErrors: true }).then(onGranted))}
      >
        {t('consent.agree')}
      </button>
    </CardSection>
  );
}
