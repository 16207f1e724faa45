import {
  consoleClubClose,
  consoleClubs,
  consoleClubUnverify,
  consoleClubVerify,
  type ConsoleClub,
  type QueryOf,
  type ResponseOf,
} from '@stride/contract';
import { App, Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { timeColumn } from '../components/columns';
import { ReasonModal } from '../components/reason-modal';
import { ListTable, PAGE_SIZE } from '../components/status-queue';
import { useFail } from '../components/use-fail';
import { useLoad } from '../components/use-load';
import { UserLink } from '../components/user-link';
import { count } from '../lib/format';
import { usePageTexts } from '../lib/page-texts';
import { CLUBS_PAGE } from '../locales/areas/clubs-page';
import { call } from '../lib/request';

type Query = Pick<QueryOf<typeof consoleClubs>, 'q' | 'state'>;
interface Filters {
  q?: string;
  state?: 'open' | 'closed' | '';
}

const EMPTY: ResponseOf<typeof consoleClubs> = { items: [], page: 1, pageSize: PAGE_SIZE, total: 0, hasMore: false };

/** Editors: clubs by name or code, their badge, and closing one that breaks the rules (docs/console/clubs.md). */
export default function ClubsPage() {
  const { t, f, language } = usePageTexts(CLUBS_PAGE);
  const { message } = App.useApp();
  const fail = useFail();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<Query>({});
  const [page, setPage] = useState(1);
  const [closing, setClosing] = useState<ConsoleClub | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(() => call(consoleClubs, { query: { ...query, page, pageSize: PAGE_SIZE } }), [query, page]);
  const { data: result, loading, reload } = useLoad(load, JSON.stringify([query, page]), EMPTY);

  /** One change of a club at the version the page shows; a refusal (a stale page too) shows why, then the list anew. */
  const act = async (club: ConsoleClub, run: () => Promise<unknown>, done: string): Promise<void> => {
    setBusy(club.id);
    try {
      await run();
      void message.success(done);
      setClosing(null);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
      reload();
    }
  };
  const badge = (club: ConsoleClub) =>
    club.verified
      ? act(
          club,
          () => call(consoleClubUnverify, { params: { id: club.id }, body: { version: club.version } }),
          f('clubs.unverifiedDone', { name: club.name }),
        )
      : act(
          club,
          () => call(consoleClubVerify, { params: { id: club.id }, body: { version: club.version } }),
          f('clubs.verifiedDone', { name: club.name }),
        );

  return (
    <>
      <Typography.Paragraph type="secondary">{f('clubs.intro')}</Typography.Paragraph>
      <Form<Filters>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={{ state: '' }}
        onFinish={({ q, state }) => {
          setPage(1);
          setQuery({ q: q?.trim() || undefined, state: state || undefined });
        }}
      >
        <Form.Item name="q" label={f('clubs.search')} rules={[{ max: 30 }]}>
          <Input allowClear style={{ width: 220 }} placeholder={f('clubs.searchPlaceholder')} />
        </Form.Item>
        <Form.Item name="state" label={f('clubs.state')}>
          <Select
            style={{ width: 120 }}
            options={[
              { value: '', label: f('clubs.any') },
              { value: 'open', label: f('clubs.open') },
              { value: 'closed', label: f('clubs.closed') },
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
      <ListTable<ConsoleClub>
        loading={loading}
        dataSource={result.items}
        emptyText={f('clubs.empty')}
        paged={{
          page,
          total: result.total,
          onPage: setPage,
          totalText: (total) => f('clubs.total', { total: count(total, language) }),
        }}
        columns={[
          {
            title: f('clubs.name'),
            key: 'name',
            render: (_value, club) => (
              <Space size={4} wrap>
                <span data-testid="club-name">{club.name}</span>
                {club.verified ? <Tag color="blue">{f('clubs.verified')}</Tag> : null}
                {club.closedAt ? <Tag color="red">{f('clubs.closed')}</Tag> : null}
              </Space>
            ),
          },
          { title: f('clubs.code'), dataIndex: 'code' },
          {
            title: f('clubs.owner'),
            key: 'owner',
            render: (_value, club) => <UserLink userId={club.ownerId} mobile={club.ownerMobileMasked} />,
          },
          {
            title: f('clubs.members'),
            dataIndex: 'members',
            align: 'right',
            render: (members: number) => count(members, language),
          },
          timeColumn(f('clubs.createdAt'), 'createdAt', language),
          {
            title: f('clubs.closedReason'),
            dataIndex: 'closedReason',
            render: (reason: string | null) =>
              reason === null ? '—' : reason === 'empty' ? f('clubs.closedEmpty') : reason,
          },
        ]}
        actions={(club) =>
          club.closedAt ? null : (
            <Space>
              <Button size="small" loading={busy === club.id} onClick={() => void badge(club)}>
                {club.verified ? f('clubs.unverify') : f('clubs.verify')}
              </Button>
              <Button size="small" danger disabled={busy === club.id} onClick={() => setClosing(club)}>
                {f('clubs.close')}
              </Button>
            </Space>
          )
        }
      />
      <ReasonModal
        open={closing !== null}
        danger
        clearAfter={false}
        title={closing ? f('clubs.closeTitle', { name: closing.name }) : undefined}
        hint={f('clubs.closeHint')}
        label={f('clubs.closeLabel')}
        onCancel={() => setClosing(null)}
        onSubmit={async (reason) => {
          if (!closing) return;
          const club = closing;
          await act(
            club,
            () => call(consoleClubClose, { params: { id: club.id }, body: { version: club.version, reason } }),
            f('clubs.closedDone', { name: club.name }),
          );
        }}
      />
    </>
  );
}
