import { useState } from 'react';
import { ChangePasswordForm } from '../../features/account';
import { useI18n } from '../../lib/i18n';
import { goBack } from '../../lib/navigation';

/** docs/product/client.md, Pages: change password, opened from my assets. */
export default function ChangePasswordPage() {
  const { t } = useI18n();
  const [isDone, setDone] = useState(false);
  if (!isDone) return <ChangePasswordForm onDone={() => setDone(true)} />;
  // This session stays; the server ended every other one.
  return (
    <section className="card">
      <p role="status">{t('changePassword.done')}</p>
      <button type="button" className="button button--block" onClick={() => goBack()}>
        {t('back')}
      </button>
    </section>
  );
}
