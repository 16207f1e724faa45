import { DEVICE_TOKENS_MAX, type DeviceToken } from '@stride/contract';
import { useState, type FormEvent } from 'react';
import { TextInput } from '../../../components/text-input';
import { showToast } from '../../../components/toast';
import { useRemote, useSubmit } from '../../../hooks';
import { copyText } from '../../../lib/clipboard';
import { formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { createToken, listTokens, revokeToken } from '../api/tokens';
import { SourceList } from './source-list';
import { FormError } from '../../../components/form-error';
import { StepSourcesCard } from './step-sources-card';

const loadTokens = (signal: AbortSignal) => listTokens({ hideErrors: true, signal });

/** The copy-paste example for a new token (docs/product/step-sources.md). */
export function curlExample(address: string, token: string): string {
  return `curl -X POST '${address}' \\\n  -H 'Authorization: Bearer ${token}' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"steps": 8421}'`;
}

function NewToken({ token, address, onDone }: { token: string; address: string; onDone: () => void }) {
  const { t } = useI18n();
  const copy = async (text: string) => {
    void showToast((await copyText(text)) ? t('copied') : t('copyFailed'));
  };
  const example = curlExample(address, token);
  return (
    <div className="step-sources__new" role="status" aria-live="polite">
      <p className="step-sources__warning">{t('stepSources.shownOnce')}</p>
      <code className="step-sources__token" data-testid="new-token">
        {token}
      </code>
      <div className="step-sources__actions">
        <button type="button" className="button" onClick={() => void copy(token)}>
          {t('stepSources.copyToken')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('stepSources.done')}
        </button>
      </div>
      <h4 className="step-sources__subhead">{t('stepSources.curlTitle')}</h4>
      <pre className="step-sources__code">{example}</pre>
      <button type="button" className="link" onClick={() => void copy(example)}>
        {t('stepSources.copyExample')}
      </button>
      <h4 className="step-sources__subhead">{t('stepSources.shortcutTitle')}</h4>
      <ol className="step-sources__steps">
        <li>{t('stepSources.shortcut1')}</li>
        <li>{t('stepSources.shortcut2')}</li>
        <li>{t('stepSources.shortcut3', { address })}</li>
        <li>{t('stepSources.shortcut4')}</li>
        <li>{t('stepSources.shortcut5')}</li>
      </ol>
    </div>
  );
}

export interface TokenSectionProps {
  /** Where a token posts: the server's `/api/device/steps`. */
  readonly address: string;
  /** Asks before a token is revoked for good. */
  readonly confirmRevoke: (token: DeviceToken) => Promise<boolean>;
}

/** Step-source tokens: create (the token shown once), list with when each was last used, revoke. */
export function TokenSection({ address, confirmRevoke }: TokenSectionProps) {
  const { t } = useI18n();
  const tokens = useRemote(loadTokens);
  const submit = useSubmit();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | undefined>(undefined);

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      submit.setError(t('stepSources.nameRequired'));
      return;
    }
    void submit.run(async () => {
      const token = await createToken(name.trim(), { hideErrors: true });
      setCreated(token.token);
      setName('');
      tokens.reload();
    });
  };

  const revoke = async (token: DeviceToken) => {
    if (!(await confirmRevoke(token))) return;
    try {
      await revokeToken(token.id);
      tokens.update((list) => list.filter((item) => item.id !== token.id));
      void showToast(t('stepSources.revoked'));
    } catch {
      // The request layer shows the server's message.
    }
  };

  return (
    <StepSourcesCard titleId="step-tokens-title" title={t('stepSources.tokensTitle')}>
      <p className="hint">{t('stepSources.tokensText', { max: DEVICE_TOKENS_MAX })}</p>
      {created ? <NewToken token={created} address={address} onDone={() => setCreated(undefined)} /> : null}
      <form onSubmit={create} noValidate>
        <TextInput label={t('stepSources.tokenName')} value={name} onChange={setName} maxLength={40} />
        <FormError message={submit.error} />
        <button type="submit" className="button button--block" disabled={submit.isBusy}>
          {t('stepSources.create')}
        </button>
      </form>
      <SourceList remote={tokens} label={t('stepSources.tokensTitle')} emptyText={t('stepSources.noTokens')}>
        {(token: DeviceToken) => (
          <li key={token.id} className="step-sources__row" data-testid="token-row">
            <span className="step-sources__row-text">
              <span>
                {token.name} <span className="list__secondary">…{token.hint}</span>
              </span>
              <span className="list__secondary">
                {token.lastUsedAt
                  ? t('stepSources.lastUsed', { time: formatTime(token.lastUsedAt) })
                  : t('stepSources.neverUsed')}
              </span>
            </span>
            <button
              type="button"
              className="link step-sources__danger"
              aria-label={t('stepSources.revokeNamed', { name: token.name })}
              onClick={() => void revoke(token)}
            >
              {t('stepSources.revoke')}
            </button>
          </li>
        )}
      </SourceList>
    </StepSourcesCard>
  );
}
