import { HEALTH_IMPORT_KINDS, type HealthImport, type HealthImportKind } from '@stride/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useRemote, useSubmit } from '../../../hooks';
import { formatDate } from '../../../lib/format';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { listImports, uploadImport } from '../api/imports';
import { SourceList } from './source-list';
import { FormError } from '../../../components/form-error';
import { Segmented } from '../../../components/segmented';
import { StepSourcesCard } from './step-sources-card';

const loadImports = (signal: AbortSignal) => listImports({ hideErrors: true, signal });

const KIND_LABELS: Record<HealthImportKind, MessageKey> = {
  appleHealth: 'stepSources.kind.appleHealth',
  googleFit: 'stepSources.kind.googleFit',
};
const KIND_HINTS: Record<HealthImportKind, MessageKey> = {
  appleHealth: 'stepSources.kindHint.appleHealth',
  googleFit: 'stepSources.kindHint.googleFit',
};

type Result = HealthImport & { duplicate: boolean };

function ImportResult({ result }: { result: Result }) {
  const { t } = useI18n();
  return (
    <div className="step-sources__result" role="status" data-testid="import-result">
      <p>
        {result.duplicate
          ? t('stepSources.duplicate', { date: formatDate(result.createdAt) })
          : t('stepSources.imported', { days: result.days })}
      </p>
      {result.firstDay && result.lastDay ? (
        <p className="list__secondary">{t('stepSources.range', { from: result.firstDay, to: result.lastDay })}</p>
      ) : null}
      <p className="list__secondary">{t('stepSources.onlyRecentEarn')}</p>
    </div>
  );
}

/** Health imports: choose a kind and a file, send it with progress, see what it added; past imports. */
export function ImportSection() {
  const { t } = useI18n();
  const imports = useRemote(loadImports);
  const submit = useSubmit();
  const [kind, setKind] = useState<HealthImportKind>('appleHealth');
  const [file, setFile] = useState<File | undefined>(undefined);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [result, setResult] = useState<Result | undefined>(undefined);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0]);
    setResult(undefined);
    submit.setError(undefined);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      submit.setError(t('stepSources.chooseFile'));
      return;
    }
    setResult(undefined);
    setProgress(0);
    void submit
      .run(async () => {
        const answer = await uploadImport(file, kind, {
          hideErrors: true,
          onProgress: (sent, total) => setProgress(total > 0 ? Math.min(1, sent / total) : undefined),
        });
        setResult(answer);
        imports.reload();
      })
      .finally(() => setProgress(undefined));
  };

  return (
    <StepSourcesCard titleId="step-imports-title" title={t('stepSources.importsTitle')}>
      <p className="hint">{t('stepSources.importsText')}</p>
      <form onSubmit={send} noValidate>
        <Segmented
          role="radio"
          label={t('stepSources.kindLabel')}
          options={HEALTH_IMPORT_KINDS}
          value={kind}
          onChange={setKind}
          optionLabel={(item) => t(KIND_LABELS[item])}
        />
        <p className="hint">{t(KIND_HINTS[kind])}</p>
        <div className="field">
          <label className="field__label" htmlFor="health-export-file">
            {t('stepSources.file')}
          </label>
          <input
            id="health-export-file"
            className="step-sources__file"
            type="file"
            accept=".zip,application/zip"
            onChange={choose}
          />
        </div>
        {progress !== undefined ? (
          <div className="step-sources__progress">
            <progress max={1} value={progress} aria-label={t('stepSources.uploading')} />
            <span className="list__secondary">
              {progress >= 1 ? t('stepSources.reading') : `${Math.round(progress * 100)}%`}
            </span>
          </div>
        ) : null}
        <FormError message={submit.error} />
        <button type="submit" className="button button--block" disabled={submit.isBusy}>
          {submit.isBusy ? t('stepSources.uploading') : t('stepSources.upload')}
        </button>
      </form>
      {result ? <ImportResult result={result} /> : null}
      <h3 className="step-sources__subhead">{t('stepSources.pastImports')}</h3>
      <SourceList remote={imports} label={t('stepSources.pastImports')} emptyText={t('stepSources.noImports')}>
        {(item: HealthImport) => (
          <li key={item.id} className="step-sources__row" data-testid="import-row">
            <span className="step-sources__row-text">
              <span>
                {t(KIND_LABELS[item.kind])} · {item.fileName}
              </span>
              <span className="list__secondary">
                {item.firstDay && item.lastDay
                  ? t('stepSources.importRow', { days: item.days, from: item.firstDay, to: item.lastDay })
                  : t('stepSources.importRowEmpty')}
              </span>
            </span>
            <span className="list__secondary step-sources__date">{formatDate(item.createdAt)}</span>
          </li>
        )}
      </SourceList>
    </StepSourcesCard>
  );
}
