import { Alert, Button, Segmented, Space, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n-context';
import { useLoad } from './use-load';

export interface ListTableProps<R> extends TableProps<R> {
  /** The rows as useLoad gives them: shown, and reloaded by the toolbar's Refresh. */
  readonly list?: { readonly data: readonly R[]; readonly loading: boolean; readonly reload: () => void };
  /** Shows a toolbar above the table: the page's own `tools`, then a Refresh button. */
  readonly onRefresh?: () => void;
  readonly tools?: ReactNode;
  /** Lets the toolbar wrap on a narrow screen. */
  readonly wrap?: boolean;
  /** Said between the toolbar and the table (what opening the screen records, what an action does). */
  readonly notice?: ReactNode;
  /** Said in the table when it has no rows. */
  readonly emptyText?: ReactNode;
  /** One page of many rows, the page size fixed: which page, how many rows in all, how the page turns. */
  readonly paged?: Paged;
  /** A last column of each row's buttons, kept in view at the right edge when the table scrolls. */
  readonly actions?: (row: R) => ReactNode;
}

interface Paged {
  readonly page: number;
  readonly total: number;
  readonly onPage: (page: number) => void;
  /** PAGE_SIZE unless told. */
  readonly pageSize?: number;
  /** Said beside the pages, e.g. "42 users". */
  readonly totalText?: (total: number) => ReactNode;
  readonly small?: boolean;
}

function pagination({ page, total, onPage, pageSize = PAGE_SIZE, totalText, small }: Paged): TableProps['pagination'] {
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: false,
    ...(totalText ? { showTotal: totalText } : {}),
    onChange: onPage,
    ...(small ? { size: 'small' as const } : {}),
  };
}

/**
 * A screen's table of records: one page of rows by default, scrolling sideways rather than
 * squeezing its columns, under an optional toolbar.
 */
export function ListTable<R extends object>({
  list,
  onRefresh = list?.reload,
  tools,
  wrap,
  notice,
  emptyText,
  paged,
  actions,
  ...table
}: ListTableProps<R>) {
  const { t } = useI18n();
  return (
    <>
      {onRefresh ? (
        <Space wrap={wrap} style={{ marginBottom: 16 }}>
          {tools}
          <Button onClick={onRefresh}>{t('refresh')}</Button>
        </Space>
      ) : null}
      {notice ? <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
      <Table<R>
        rowKey="id"
        pagination={paged ? pagination(paged) : false}
        scroll={{ x: 'max-content' }}
        locale={emptyText === undefined ? undefined : { emptyText }}
        {...(list ? { dataSource: list.data, loading: list.loading } : {})}
        {...table}
        columns={
          actions
            ? [...(table.columns ?? []), { key: 'actions', fixed: 'right', render: (_value, row) => actions(row) }]
            : table.columns
        }
      />
    </>
  );
}

/** Which statuses a queue shows, and which page of them. */
export interface QueueView<S extends string> {
  readonly status: S;
  readonly page: number;
}

/** How many rows a queue shows a page. */
export const PAGE_SIZE = 20;

interface QueuePage<R> {
  readonly items: R[];
  readonly page: number;
  readonly total: number;
}

const NO_ROWS: QueuePage<never> = { items: [], page: 1, total: 0 };

/**
 * A queue's rows for `view`, loaded again when the view changes or on `onRefresh()`; spread into
 * StatusQueue. `load` asks for the view's page.
 */
export function useQueue<S extends string, R>(
  load: () => Promise<QueuePage<R>>,
  view: QueueView<S>,
  onView: (view: QueueView<S>) => void,
) {
  const { data, loading, reload } = useLoad<QueuePage<R>>(load, JSON.stringify(view), NO_ROWS);
  return { view, onView, onRefresh: reload, loading, data, pageSize: PAGE_SIZE };
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
  const { view, onView, data } = props;
  return (
    <ListTable<R>
      wrap
      onRefresh={props.onRefresh}
      tools={
        <Segmented<S>
          value={view.status}
          options={props.statuses.map(({ value, label }) => ({ value, label }))}
          onChange={(status) => onView({ status, page: 1 })}
        />
      }
      notice={props.notice}
      loading={props.loading}
      dataSource={data.items}
      emptyText={props.emptyText}
      paged={{
        page: data.page,
        pageSize: props.pageSize,
        total: data.total,
        onPage: (page) => onView({ status: view.status, page }),
      }}
      columns={props.columns}
    />
  );
}
