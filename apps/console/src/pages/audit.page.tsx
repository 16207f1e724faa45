import {
  consoleAudit,
  OPERATOR_ACTIONS,
  OPERATOR_SUBJECT_TYPES,
  type AuditEntry,
  type QueryOf,
} from '@stride/contract';
import { Button, DatePicker, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { ListTable, PAGE_SIZE } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { UserLink } from '../components/user-link';
import { count, dateTime } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { useCanOpen } from '../lib/open-screens';
import { actionName, auditFacts, subjectName, subjectScreen } from '../lib/records';
import { call } from '../lib/request';

type Query = QueryOf<typeof consoleAudit>;

interface Filters {
  operator?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

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

/**
 * What an action was done to: its user's page, or the screen that lists its kind (decision 080 "A console a new
 * operator can read").
 */
function Subject({ row }: { row: AuditEntry }) {
  const { t } = useI18n();
  const screen = subjectScreen(row.subjectType);
  const canOpen = useCanOpen(screen ?? '');
  const kind = subjectName(t, row.subjectType);
  return (
    <Space orientation="vertical" size={0}>
      {row.userId !== null && row.userMobileMasked !== null ? (
        <UserLink userId={row.userId} mobile={row.userMobileMasked} />
      ) : null}
      {screen && canOpen ? <Typography.Link href={`#/${screen}`}>{kind}</Typography.Link> : <span>{kind}</span>}
      {row.subjectType !== 'user' ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 160 }} ellipsis={{ tooltip: row.subjectId }}>
          {row.subjectId}
        </Typography.Text>
      ) : null}
    </Space>
  );
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
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 240 }}
            options={OPERATOR_ACTIONS.map((action) => ({ value: action, label: actionName(t, action) }))}
          />
        </Form.Item>
        <Form.Item name="subjectType" label={t('audit.subjectType')}>
          <Select
            allowClear
            style={{ width: 180 }}
            options={OPERATOR_SUBJECT_TYPES.map((type) => ({ value: type, label: subjectName(t, type) }))}
          />
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
      <ListTable
        loading={loading}
        dataSource={result.items}
        paged={{
          page,
          total: result.total,
          onPage: setPage,
          totalText: (total) => t('audit.total', { total: count(total, language) }),
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
          {
            title: t('audit.at'),
            dataIndex: 'at',
            render: (value: string) => dateTime(value, language, { seconds: true }),
          },
          { title: t('audit.operator'), dataIndex: 'operator' },
          {
            title: t('audit.source'),
            dataIndex: 'source',
            render: (source: string | null) => (source ? <Tag>{source}</Tag> : null),
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (action: string) => <span title={action}>{actionName(t, action)}</span>,
          },
          {
            title: t('audit.subject'),
            key: 'subject',
            render: (_value, row) => <Subject row={row} />,
          },
          {
            title: t('audit.summary'),
            key: 'summary',
            render: (_value, row) => (
              <div style={{ whiteSpace: 'normal', maxWidth: 320 }}>{auditFacts(row, t, language).join(' · ')}</div>
            ),
          },
        ]}
      />
    </>
  );
}
