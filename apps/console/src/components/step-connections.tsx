import {
  consoleDisconnectStepConnection,
  consoleUserStepConnections,
  type ConsoleStepConnection,
  type StepProvider,
  type StepSyncError,
} from '@stride/contract';
import { App, Button, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { count, dateTime } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call, ConsoleError } from '../lib/request';
import type { Translate } from '../locales';
import { ReasonModal } from './reason-modal';
import { useFail } from './use-fail';
import { useLoad } from './use-load';
import { timeColumn } from './columns';

// A user's connected wearable accounts on their page (docs/product/step-sources.md, Connected
// accounts; decision 086 "Connected wearable accounts"): what syncs and how it went, never a token.

const NONE: ConsoleStepConnection[] = [];

const STATUS_COLOURS: Readonly<Record<ConsoleStepConnection['status'], string>> = {
  active: 'green',
  revoked: 'orange',
  disconnected: 'default',
};

export function providerName(t: Translate, provider: StepProvider): string {
  return t(`stepSources.provider.${provider}`);
}

export function syncErrorName(t: Translate, error: StepSyncError): string {
  return t(`stepSources.error.${error}`);
}

/**
 * The user's connections, current and past, with their sync state; support and admins disconnect
 * an active or revoked one with a reason (kept in the audit log), and the list loads again.
 */
export function StepConnectionsSection({ userId, canDisconnect }: { userId: string; canDisconnect: boolean }) {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  const load = useCallback(() => call(consoleUserStepConnections, { params: { id: userId } }), [userId]);
  const { data, loading, reload } = useLoad(load, `step-connections:${userId}`, NONE);
  // The connection asked about stays named while its dialog closes.
  const [disconnecting, setDisconnecting] = useState<ConsoleStepConnection | null>(null);
  const [asking, setAsking] = useState(false);
  const at = (value: string | null, empty: string) => (value ? dateTime(value, language) : empty);

  async function disconnect(connection: ConsoleStepConnection, reason: string) {
    try {
      await call(consoleDisconnectStepConnection, { params: { id: connection.id }, body: { reason } });
      void message.success(t('stepConnections.disconnected'));
    } catch (error) {
      fail(error);
      // A refusal says the connection is not what the list showed (already disconnected, say):
      // the list as it is now; a network error keeps the reason to try again.
      if (!(error instanceof ConsoleError)) return;
    }
    setAsking(false);
    reload();
  }

  return (
    <section data-testid="step-connections">
      <h3 className="console-section-title">{t('stepConnections.title')}</h3>
      <Typography.Paragraph type="secondary">{t('stepConnections.intro')}</Typography.Paragraph>
      <Table<ConsoleStepConnection>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('stepConnections.empty') }}
        columns={[
          {
            title: t('stepConnections.provider'),
            dataIndex: 'provider',
            render: (provider: StepProvider) => providerName(t, provider),
          },
          { title: t('stepConnections.account'), dataIndex: 'accountName' },
          {
            title: t('stepConnections.status'),
            dataIndex: 'status',
            render: (status: ConsoleStepConnection['status']) => (
              <Tag color={STATUS_COLOURS[status]}>{t(`stepConnections.status.${status}`)}</Tag>
            ),
          },
          timeColumn(t('stepConnections.connectedAt'), 'connectedAt', language),
          {
            title: t('stepConnections.disconnectedAt'),
            dataIndex: 'disconnectedAt',
            render: (value: string | null) => at(value, '—'),
          },
          {
            title: t('stepConnections.lastSyncAt'),
            dataIndex: 'lastSyncAt',
            render: (value: string | null) => at(value, t('stepConnections.never')),
          },
          {
            title: t('stepConnections.lastError'),
            key: 'lastError',
            render: (_value, row) =>
              row.lastError ? (
                <Typography.Text type="danger" title={row.lastError}>
                  {row.lastErrorAt
                    ? t('stepConnections.errorAt', {
                        error: syncErrorName(t, row.lastError),
                        at: dateTime(row.lastErrorAt, language),
                      })
                    : syncErrorName(t, row.lastError)}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            title: t('stepConnections.failures'),
            dataIndex: 'failures',
            align: 'right',
            render: (value: number) => count(value, language),
          },
          {
            title: t('stepConnections.nextSyncAt'),
            dataIndex: 'nextSyncAt',
            render: (value: string | null) => at(value, t('stepConnections.notScheduled')),
          },
          ...(canDisconnect
            ? [
                {
                  key: 'disconnect',
                  render: (_value: unknown, row: ConsoleStepConnection) =>
                    row.status === 'disconnected' ? null : (
                      <Button
                        danger
                        size="small"
                        onClick={() => {
                          setDisconnecting(row);
                          setAsking(true);
                        }}
                      >
                        {t('stepConnections.disconnect')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      <ReasonModal
        open={asking && disconnecting !== null}
        danger
        title={
          disconnecting
            ? t('stepConnections.disconnectTitle', {
                provider: providerName(t, disconnecting.provider),
                account: disconnecting.accountName,
              })
            : undefined
        }
        hint={t('stepConnections.disconnectHint')}
        label={t('users.reasonLabel')}
        onCancel={() => setAsking(false)}
        onSubmit={(reason) => (disconnecting ? disconnect(disconnecting, reason) : Promise.resolve())}
      />
    </section>
  );
}
