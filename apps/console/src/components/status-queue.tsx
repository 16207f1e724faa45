import { Alert, Button, Segmented, Space, Table, type TableProps } from 'antd';
import { useI18n } from '../lib/i18n-context';

/** Which statuses a queue shows, and which page of them. */
export interface QueueView<S extends string> {
  readonly status: S;
  readonly page: number;
}

export interface StatusQueueProps<S extends string, R extends { id: string }> {
  readonly statuses: readonly { value: S; label: string }[];
  readonly view: QueueView<S>;
  readonly onView: (view: QueueView<S>) => void;
  readonly onRefresh: () => void;
  /** Said above the table (what opening the queue records, what a decision does). */
  readonly notice: string;
  readonly loading: boolean;
  readonly data: { readonly items: R[]; readonly page: number; readonly total: number };
  readonly pageSize: number;
  readonly emptyText: string;
  readonly columns: TableProps<R>['columns'];
}

/**
 * A work queue: a status switch with a refresh, a notice, and a paged table whose rows the page
 * acts on (goods orders and card mailings to ship, flagged days to decide).
 */
export function StatusQueue<S extends string, R extends { id: string }>(props: StatusQueueProps<S, R>) {
  const { t } = useI18n();
  const { view, onView, data } = props;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<S>
          value={view.status}
          options={props.statuses.map(({ value, label }) => ({ value, label }))}
          onChange={(status) => onView({ status, page: 1 })}
        />
        <Button onClick={props.onRefresh}>{t('refresh')}</Button>
      </Space>
      <Alert type="info" showIcon title={props.notice} style={{ marginBottom: 16 }} />
      <Table<R>
        rowKey="id"
        loading={props.loading}
        dataSource={data.items}
        locale={{ emptyText: props.emptyText }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: data.page,
          pageSize: props.pageSize,
          total: data.total,
          showSizeChanger: false,
          onChange: (page) => onView({ status: view.status, page }),
        }}
        columns={props.columns}
      />
    </>
  );
}
