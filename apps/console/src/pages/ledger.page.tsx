import { consoleLedgerReport, type LedgerReport } from '@stride/contract';
import { Alert, Button, Card, Space, Statistic, Table, Typography } from 'antd';
import { useLoad } from '../components/use-load';
import { count, dateTime, money } from '../lib/format';
import type { ConsoleLanguage } from '../locales';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

const loadReport = () => call(consoleLedgerReport, {});
const CHECKS = ['unbalancedTransfers', 'driftedAccounts', 'overdrawnAccounts', 'mismatchedAssets'] as const;

function amount(asset: string, value: number, language: ConsoleLanguage): string {
  return asset === 'CNY' ? money(value, language) : count(value, language);
}

/** Finance: the system accounts, what users hold, and the ledger's invariant check. */
export default function LedgerPage() {
  const { t, language } = useI18n();
  const { data, loading, reload } = useLoad<LedgerReport | null>(loadReport, 'report', null);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <Button onClick={reload}>{t('refresh')}</Button>
        {data ? (
          <Typography.Text type="secondary">{t('ledger.at', { at: dateTime(data.at, language) })}</Typography.Text>
        ) : null}
      </Space>
      {data ? (
        data.invariants.ok ? (
          <Alert type="success" showIcon message={t('ledger.invariants')} description={t('ledger.ok')} />
        ) : (
          <Alert
            type="error"
            showIcon
            message={t('ledger.broken')}
            description={
              <ul>
                {CHECKS.filter((check) => data.invariants[check].length > 0).map((check) => (
                  <li key={check}>
                    {t(`ledger.${check}`)}: {data.invariants[check].join(', ')}
                  </li>
                ))}
              </ul>
            }
          />
        )
      ) : null}
      <Card title={t('ledger.liabilities')} size="small" loading={loading && !data}>
        <Space size="large" wrap>
          <Statistic title={t('ledger.cny')} value={data ? money(data.liabilities.CNY, language) : '—'} />
          <Statistic title={t('ledger.points')} value={data ? count(data.liabilities.POINTS, language) : '—'} />
        </Space>
      </Card>
      <Card title={t('ledger.system')} size="small">
        <Table
          rowKey={(row) => row.code}
          loading={loading}
          dataSource={data?.system ?? []}
          pagination={false}
          size="small"
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('ledger.account'), dataIndex: 'code' },
            { title: t('ledger.asset'), dataIndex: 'asset' },
            {
              title: t('ledger.balance'),
              key: 'balance',
              align: 'right',
              render: (_value, row) => amount(row.asset, row.balance, language),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
