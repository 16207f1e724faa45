import type { StepConnection, StepProvider } from '@stride/contract';
import { useEffect, useState } from 'react';
import { StatusTip } from '../../../components/status-tip';
import { showToast } from '../../../components/toast';
import { useErrorText, useRemote, useSubmit } from '../../../hooks';
import { formatNumber, formatTime } from '../../../lib/format';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import type { PageQuery } from '../../../lib/navigation';
import {
  disconnectConnection,
  finishConnection,
  listConnections,
  startConnection,
  syncConnection,
  type ProviderReturn,
} from '../api/connections';
import { StepSourcesCard } from './step-sources-card';

const loadConnections = (signal: AbortSignal) => listConnections({ hideErrors: true, signal });

const PROVIDER_NAMES: Readonly<Record<StepProvider, MessageKey>> = {
  huawei: 'stepSources.provider.huawei',
  fitbit: 'stepSources.provider.fitbit',
};
const CONNECT_LABELS: Readonly<Record<StepProvider, MessageKey>> = {
  huawei: 'stepSources.connect.huawei',
  fitbit: 'stepSources.connect.fitbit',
};

/** The error a provider's redirect carries when the user said no (OAuth 2.0's `access_denied`). */
const DECLINED = 'access_denied';

/**
 * What the provider's redirect carried, from the page's query: `state` with `code`, or with
 * `error` (docs/product/step-sources.md, Connected accounts); undefined on an ordinary visit.
 */
export function providerReturn(query: PageQuery): ProviderReturn | undefined {
  const { state, code, error } = query;
  if (!state) return undefined;
  return { state, ...(code ? { code } : {}), ...(error ? { error } : {}) };
}

/**
 * The address without the provider's answer: the same page, its query gone, so a reload or the
 * page opened again sends nothing twice (the app's address is its hash, docs/product/client.md).
 */
export function forgetProviderReturn(win: Window = window): void {
  const { hash, pathname } = win.location;
  const at = hash.indexOf('?');
  if (at < 0) return;
  win.history.replaceState(win.history.state, '', `${pathname}${hash.slice(0, at)}`);
}

/**
 * States already sent, for the page's lifetime in this tab: React's StrictMode runs an effect
 * twice, and the page may mount again with the same query, yet a state is sent once.
 */
const sentStates = new Set<string>();

type Outcome =
  | { readonly kind: 'finishing' }
  | { readonly kind: 'connected'; readonly name: string }
  | { readonly kind: 'declined' }
  | { readonly kind: 'failed'; readonly message: string };

function OutcomeNote({ outcome }: { outcome: Outcome }) {
  const { t } = useI18n();
  if (outcome.kind === 'failed') {
    return (
      <p className="form-error step-sources__outcome" role="alert" data-testid="connection-outcome">
        {outcome.message}
      </p>
    );
  }
  const text =
    outcome.kind === 'finishing'
      ? t('stepSources.finishing')
      : outcome.kind === 'connected'
        ? t('stepSources.connected', { name: outcome.name })
        : t('stepSources.declined');
  return (
    <p
      className={
        outcome.kind === 'connected' ? 'step-sources__outcome step-sources__outcome--done' : 'step-sources__outcome'
      }
      role="status"
      data-testid="connection-outcome"
    >
      {text}
    </p>
  );
}

interface CardProps {
  readonly connection: StepConnection;
  readonly isSyncing: boolean;
  readonly isConnecting: boolean;
  readonly onSync: () => void;
  readonly onReconnect: () => void;
  readonly onDisconnect: () => void;
}

function ConnectionCard({ connection, isSyncing, isConnecting, onSync, onReconnect, onDisconnect }: CardProps) {
  const { t } = useI18n();
  const provider = t(PROVIDER_NAMES[connection.provider]);
  const { accountName: name, lastError } = connection;
  const isRevoked = connection.status === 'revoked';
  // A withdrawn grant says so in its own words below; its sync error would only repeat it.
  const error = lastError && !(isRevoked && lastError.code === 'revoked') ? lastError : null;
  return (
    <li className="step-sources__connection" data-testid="connection-card" aria-label={`${provider} · ${name}`}>
      <div className="step-sources__connection-head">
        <span className="step-sources__row-text">
          <span className="step-sources__provider">{provider}</span>
          <span className="list__secondary">{name}</span>
        </span>
        <span className={isRevoked ? 'badge badge--warn' : 'badge badge--good'}>
          {t(isRevoked ? 'stepSources.status.revoked' : 'stepSources.status.active')}
        </span>
      </div>
      <p className="step-sources__today" data-testid="connection-today">
        {t('stepSources.todaySteps', { steps: formatNumber(connection.todaySteps) })}
      </p>
      <p className="list__secondary step-sources__meta">
        {connection.lastSyncAt
          ? t('stepSources.lastSync', { time: formatTime(connection.lastSyncAt) })
          : t('stepSources.neverSynced')}
        {connection.nextSyncAt ? (
          <>
            <br />
            {t('stepSources.nextSync', { time: formatTime(connection.nextSyncAt) })}
          </>
        ) : null}
      </p>
      {error ? (
        <p className="step-sources__sync-error" data-testid="connection-error">
          {error.message}
          <span className="list__secondary"> · {t('stepSources.errorAt', { time: formatTime(error.at) })}</span>
        </p>
      ) : null}
      {isRevoked ? (
        <p className="step-sources__sync-error" data-testid="connection-revoked">
          {t('stepSources.revokedText', { provider })}
        </p>
      ) : null}
      <div className="step-sources__actions step-sources__connection-actions">
        {isRevoked ? (
          <button
            type="button"
            className="button"
            aria-label={t('stepSources.reconnectNamed', { name })}
            disabled={isConnecting}
            onClick={onReconnect}
          >
            {t('stepSources.reconnect')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            aria-label={t('stepSources.syncNowNamed', { name })}
            disabled={isSyncing}
            onClick={onSync}
          >
            {t('stepSources.syncNow')}
          </button>
        )}
        <button
          type="button"
          className="link step-sources__danger"
          aria-label={t('stepSources.disconnectNamed', { name })}
          onClick={onDisconnect}
        >
          {t('stepSources.disconnect')}
        </button>
      </div>
    </li>
  );
}

export interface ConnectionSectionProps {
  /** The page's query: after a provider's redirect it carries `state` with `code` or `error`. */
  readonly query: PageQuery;
  /** Asks before an account is disconnected. */
  readonly confirmDisconnect: (connection: StepConnection, providerName: string) => Promise<boolean>;
  /** Sends the browser to the provider's authorization page. */
  readonly assign?: (url: string) => void;
}

/**
 * Connected wearable accounts (docs/product/step-sources.md, Connected accounts): connect a
 * provider (its authorization page, then back here to finish), each account's sync state, sync
 * now, reconnect a withdrawn one, disconnect.
 */
export function ConnectionSection({
  query,
  confirmDisconnect,
  assign = (url: string) => window.location.assign(url),
}: ConnectionSectionProps) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const connections = useRemote(loadConnections);
  // The page leaves for the provider on success: no second tap meanwhile.
  const connecting = useSubmit({ staysBusyOnSuccess: true });
  const [syncing, setSyncing] = useState<ReadonlySet<string>>(new Set());
  // A redirect's answer not sent yet is on its way from the first render.
  const [outcome, setOutcome] = useState<Outcome | undefined>(() => {
    const returned = providerReturn(query);
    return returned && !sentStates.has(returned.state) ? { kind: 'finishing' } : undefined;
  });
  const { update, refresh } = connections;

  const { state: returnedState, code: returnedCode, error: returnedError } = query;
  useEffect(() => {
    const returned = providerReturn({
      ...(returnedState ? { state: returnedState } : {}),
      ...(returnedCode ? { code: returnedCode } : {}),
      ...(returnedError ? { error: returnedError } : {}),
    });
    if (!returned || sentStates.has(returned.state)) return;
    sentStates.add(returned.state);
    // Out of the address first: a reload while the answer is on its way sends nothing again.
    forgetProviderReturn();
    finishConnection(returned, { hideErrors: true }).then(
      (connection) => {
        setOutcome({ kind: 'connected', name: connection.accountName });
        update((data) => ({
          ...data,
          connections: [connection, ...data.connections.filter((item) => item.id !== connection.id)],
        }));
        // The list may have been read before the connection existed.
        refresh();
      },
      (error: unknown) => {
        setOutcome(returned.error === DECLINED ? { kind: 'declined' } : { kind: 'failed', message: errorText(error) });
      },
    );
  }, [returnedState, returnedCode, returnedError, update, refresh, errorText]);

  const connect = (provider: StepProvider) => {
    // The request layer shows why a start was refused.
    void connecting.run(async () => {
      const { authorizeUrl } = await startConnection(provider);
      assign(authorizeUrl);
    });
  };

  const sync = async (connection: StepConnection) => {
    setSyncing((current) => new Set(current).add(connection.id));
    try {
      const answer = await syncConnection(connection.id);
      update((data) => ({
        ...data,
        connections: data.connections.map((item) => (item.id === answer.id ? answer : item)),
      }));
      if (!answer.lastError) void showToast(t('stepSources.synced'));
    } catch {
      // The request layer shows the server's message (at most one sync a minute).
    } finally {
      setSyncing((current) => {
        const next = new Set(current);
        next.delete(connection.id);
        return next;
      });
    }
  };

  const disconnect = async (connection: StepConnection) => {
    if (!(await confirmDisconnect(connection, t(PROVIDER_NAMES[connection.provider])))) return;
    try {
      await disconnectConnection(connection.id);
      update((data) => ({ ...data, connections: data.connections.filter((item) => item.id !== connection.id) }));
      void showToast(t('stepSources.disconnected'));
    } catch {
      // The request layer shows the server's message.
    }
  };

  const { state, retry } = connections;
  let body;
  if (state.status === 'loading') body = <StatusTip status="loading" />;
  else if (state.status === 'error') body = <StatusTip status="error" message={state.message} onRetry={retry} />;
  else {
    const { available, connections: list } = state.data;
    const connected = new Set(list.map((item) => item.provider));
    const open = available.filter((provider) => !connected.has(provider));
    body = (
      <>
        {list.length > 0 ? (
          <ul className="step-sources__connections" aria-label={t('stepSources.connectionsTitle')}>
            {list.map((connection) => (
              <ConnectionCard
                key={connection.id}
                connection={connection}
                isSyncing={syncing.has(connection.id)}
                isConnecting={connecting.isBusy}
                onSync={() => void sync(connection)}
                onReconnect={() => connect(connection.provider)}
                onDisconnect={() => void disconnect(connection)}
              />
            ))}
          </ul>
        ) : null}
        {open.length > 0 ? (
          <div className="step-sources__connect">
            {open.map((provider) => (
              <button
                key={provider}
                type="button"
                className="button button--block"
                disabled={connecting.isBusy}
                onClick={() => connect(provider)}
              >
                {t(CONNECT_LABELS[provider])}
              </button>
            ))}
          </div>
        ) : null}
        {list.length === 0 && open.length === 0 ? (
          <p className="hint step-sources__empty">{t('stepSources.noProviders')}</p>
        ) : null}
      </>
    );
  }

  return (
    <StepSourcesCard titleId="step-connections-title" title={t('stepSources.connectionsTitle')}>
      <p className="hint">{t('stepSources.connectionsText')}</p>
      <p className="hint">{t('stepSources.highestText')}</p>
      {outcome ? <OutcomeNote outcome={outcome} /> : null}
      {body}
    </StepSourcesCard>
  );
}
