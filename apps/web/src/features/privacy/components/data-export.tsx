import { useState } from 'react';
import { CardForm } from '../../../components/card-form';
import { FormError } from '../../../components/form-error';
import { PasswordInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { exportData, exportFileName, saveExport } from '../api/privacy';
import './privacy.css';

/** docs/product/rules.md, Your data, Export: the password again, then a JSON file is saved. */
export function DataExportForm() {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const [saved, setSaved] = useState<string | undefined>(undefined);
  const sending = useSubmit();

  function submit() {
    setSaved(undefined);
    void sending.run(async () => {
      const data = await exportData(password, { hideErrors: true });
      saveExport(data);
      setPassword('');
      setSaved(exportFileName(data));
    });
  }

  return (
    <CardForm onSubmit={submit} aria-labelledby="data-export-title">
      <h2 id="data-export-title" className="privacy-title">
        {t('accountData.exportTitle')}
      </h2>
      <p className="hint">{t('accountData.exportExplain')}</p>
      <PasswordInput label={t('accountData.password')} value={password} onChange={setPassword} />
      <FormError message={sending.error} />
      {saved ? (
        <p role="status" data-testid="export-saved">
          {t('accountData.exportSaved', { file: saved })}
        </p>
      ) : null}
      <button type="submit" className="button button--block" disabled={sending.isBusy || !password}>
        {t('accountData.exportSubmit')}
      </button>
    </CardForm>
  );
}
