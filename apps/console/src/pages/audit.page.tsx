import { consoleAudit, type AuditEntry, type QueryOf } from '@stride/contract';
import { Button, DatePicker, Descriptions, Form, Input, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useLoad } from '../components/use-load';
import { dateTime } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

type Query = QueryOf<typeof consoleAudit>;

interface Filters {
  operator?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const PAGE_SIZE = 20;
const EMPTY: { items: AuditEntry[]; total: number } = { items: [], total: 0 };

function toQuery(filters: Filters): Query {
  const text = (value: string | undefined) => value?.trim() || undefined;
  return {
    operator: text(filters.operator),
    action: text(filters.action),
    subjectType: text(filters.subjectType),
    subjectId: text(filters.subjectId),
    from: filters.range?.[0]?.toISOString(),
    to: filters.range?.[1]?.toISOString(),
  };
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** Admin: the record of operator actions, newest first, filtered and paged by the server. */
export default function AuditPage() {
  const { t, language } = useI18n();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<Query>({});
  const [page, setPage] = useState(1);
  const load = useCallback(() => call(consoleAudit, { query: { ...query, page, pageSize: PAGE_SIZE } }), [query, page]);
  const { data: result, loading } = useLoad(load, JSON.stringify([query, page]), EMPTY);

  return (
    <>
      <Form<Filters>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(filters) => {
          setPage(1);
          setQuery(toQuery(filters));
        }}
      >
        <Form.Item name="operator" label={t('audit.operator')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="subjectType" label={t('audit.subjectType')}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="subjectId" label={t('audit.subjectId')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="range" label={t('audit.range')}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('audit.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setPage(1);
              setQuery({});
            }}
          >
            {t('audit.reset')}
          </Button>
        </Space>
      </Form>
      <Table
        rowKey="id"
        loading={loading}
        dataSource={result.items}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: result.total,
          showSizeChanger: false,
          showTotal: (total) => t('audit.total', { total }),
          onChange: setPage,
        }}
        expandable={{
          rowExpandable: (row) => row.detail !== null || row.before !== null || row.after !== null,
          expandedRowRender: (row) => (
            <Descriptions column={1} size="small" bordered>
              {row.detail !== null ? (
                <Descriptions.Item label={t('audit.detail')}>
                  <pre>{json(row.detail)}</pre>
                </Descriptions.Item>
              ) : null}
              {row.before !== null ? (
                <Descriptions.Item label={t('audit.before')}>
                  <pre>{json(row.before)}</pre>
                </Descriptions.Item>
              ) : null}
              {row.after !== null ? (
                <Descriptions.Item label={t('audit.after')}>
                  <pre>{json(row.after)}</pre>
                </Descriptions.Item>
              ) : null}
            </Descriptions>
          ),
        }}
        columns={[
          { title: t('audit.at'), dataIndex: 'at', render: (value: string) => dateTime(value, language) },
          { title: t('audit.operator'), dataIndex: 'operator' },
          {
            title: t('audit.source'),
            dataIndex: 'source',
            render: (source: string | null) => (source ? <Tag>{source}</Tag> : null),
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (action: string) => <Typography.Text code>{action}</Typography.Text>,
          },
          {
            title: t('audit.subject'),
            key: 'subject',
            render: (_value, row) => `${row.subjectType} ${row.subjectId}`,
          },
        ]}
      />
    </>
  );
}
