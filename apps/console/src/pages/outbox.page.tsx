import { consoleOutbox, type QueryOf, type ResponseOf } from '@stride/contract';
import { Alert, Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { ListTable, PAGE_SIZE } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { count } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';
import { timeColumn } from '../components/columns';

type Query = Pick<QueryOf<typeof consoleOutbox>, 'recipient' | 'status'>;
interface Filters {
  recipient?: string;
  status?: 'pending' | 'sent' | 'failed' | '';
}

const EMPTY: ResponseOf<typeof consoleOutbox> = {
  items: [],
  page: 1,
  pageSize: PAGE_SIZE,
  total: 0,
  hasMore: false,
  masked: false,
};

/** Support and admins: what the service queued, sent or failed to send, codes always masked. */
export default function OutboxPage() {
  const { t, language } = useI18n();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<Query>({});
  const [page, setPage] = useState(1);
  const load = useCallback(
    () => call(consoleOutbox, { query: { ...query, page, pageSize: PAGE_SIZE } }),
    [query, page],
  );
  const { data: result, loading, reload } = useLoad(load, JSON.stringify([query, page]), EMPTY);

  return (
    <>
      <Typography.Paragraph type="secondary">{t('outbox.intro')}</Typography.Paragraph>
      <Form<Filters>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={{ status: '' }}
        onFinish={({ recipient, status }) => {
          setPage(1);
          setQuery({ recipient: recipient?.trim() || undefined, status: status || undefined });
        }}
      >
        <Form.Item
          name="recipient"
          label={t('outbox.recipient')}
          rules={[{ pattern: /^\+?[0-9]{3,15}$/, message: t('users.searchRule') }]}
        >
          <Input allowClear style={{ width: 180 }} placeholder={t('outbox.recipientPlaceholder')} />
        </Form.Item>
        <Form.Item name="status" label={t('outbox.status')}>
          <Select
            style={{ width: 120 }}
            options={[
              { value: '', label: t('outbox.any') },
              { value: 'pending', label: t('outbox.pending') },
              { value: 'sent', label: t('outbox.sent') },
              { value: 'failed', label: t('outbox.failed') },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('users.search')}
          </Button>
          <Button onClick={reload}>{t('refresh')}</Button>
        </Space>
      </Form>
      {result.masked ? <Alert style={{ marginBottom: 16 }} type="info" showIcon title={t('users.masked')} /> : null}
      <ListTable
        loading={loading}
        dataSource={result.items}
        emptyText={t('outbox.empty')}
        paged={{
          page,
          total: result.total,
          onPage: setPage,
          totalText: (total) => t('outbox.total', { total: count(total, language) }),
        }}
        columns={[
          timeColumn(t('users.at'), 'createdAt', language),
          { title: t('outbox.recipient'), dataIndex: 'recipient' },
          { title: t('outbox.channel'), dataIndex: 'channel', render: (value: string) => <Tag>{value}</Tag> },
          {
            title: t('outbox.status'),
            dataIndex: 'status',
            render: (status: 'pending' | 'sent' | 'failed') =>
              status === 'failed' ? (
                <Tag color="red">{t('outbox.failed')}</Tag>
              ) : status === 'pending' ? (
                <Tag color="gold">{t('outbox.pending')}</Tag>
              ) : (
                <Tag color="green">{t('outbox.sent')}</Tag>
              ),
          },
          { title: t('outbox.attempts'), dataIndex: 'attempts' },
          {
            title: t('outbox.body'),
            dataIndex: 'body',
            render: (body: string) => (
              <span style={{ display: 'inline-block', maxWidth: 340, whiteSpace: 'normal' }}>{body}</span>
            ),
          },
          { title: t('outbox.error'), dataIndex: 'error', render: (error: string | null) => error ?? '—' },
        ]}
      />
    </>
  );
}
