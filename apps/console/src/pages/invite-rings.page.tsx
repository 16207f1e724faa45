import {
  INVITE_DECISION_NOTE_MAX,
  consoleDecideInviteReward,
  consoleInviteGraph,
  consoleInviteRewards,
  type ConsoleInviteReward,
  type InviteGraph,
  type RingAccount,
} from '@stride/contract';
import { App, Alert, Button, Card, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { timeColumn } from '../components/columns';
import { RingSignalLine, sharesText } from '../components/ring-signal';
import { PAGE_SIZE, StatusQueue, useQueue, type QueueView } from '../components/status-queue';
import { useListRun } from '../components/use-busy';
import { useLoad } from '../components/use-load';
import { UserLink } from '../components/user-link';
import { count, dateTime, day } from '../lib/format';
import { usePageTexts, type PageTranslate } from '../lib/page-texts';
import { call } from '../lib/request';
import type { ConsoleLanguage as Language } from '../locales';
import { INVITE_RINGS_PAGE } from '../locales/areas/invite-rings-page';

type Status = 'held' | 'decided';
type Decision = 'release' | 'refuse';
type Texts = PageTranslate<keyof typeof INVITE_RINGS_PAGE.en>;

/** A level of the invite tree, indented under its inviter. */
const TREE = { paddingLeft: 24, margin: '4px 0' } as const;

/** The tree below one account, each account with its reward and what it shares with others in the graph. */
function GraphNode({
  graph,
  userId,
  f,
  language,
}: {
  graph: InviteGraph;
  userId: string;
  f: Texts;
  language: Language;
}) {
  const node = graph.nodes.find((item) => item.userId === userId);
  if (!node) return null;
  const children = graph.nodes.filter((item) => item.invitedBy === userId);
  const mobileOf = (id: string) => graph.nodes.find((item) => item.userId === id)?.mobile ?? '';
  const shared = graph.links.filter((link) => link.a === userId || link.b === userId);
  return (
    <li data-testid={`ring-node-${node.mobile}`}>
      <Space size={4} wrap>
        {userId === graph.focus ? <strong>{node.mobile}</strong> : <UserLink userId={userId} mobile={node.mobile} />}
        {userId === graph.focus ? <Tag>{f('rings.focus')}</Tag> : null}
        {node.reward ? (
          <Tag color={node.reward.status === 'paid' ? 'green' : node.reward.status === 'held' ? 'orange' : 'red'}>
            {f(`rings.reward.${node.reward.status}`)}
          </Tag>
        ) : null}
        <Typography.Text type="secondary">
          {f('rings.joined', { date: dateTime(node.joinedAt, language) })}
        </Typography.Text>
        {shared.map((link) => (
          <Tag color="red" key={`${link.a}-${link.b}`}>
            {f('rings.sharesWith', {
              shares: sharesText(f, link.shares),
              account: mobileOf(link.a === userId ? link.b : link.a),
            })}
          </Tag>
        ))}
      </Space>
      {children.length > 0 ? (
        <ul style={TREE}>
          {children.map((child) => (
            <GraphNode key={child.userId} graph={graph} userId={child.userId} f={f} language={language} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The invite graph: looked up by masked number or id (a held reward's Tree button looks up its invitee); without one,
 * the inviters with the most held rewards. Made anew for each query (its box starts with it).
 */
function Graph({ query, onQuery }: { query: string; onQuery: (query: string) => void }) {
  const { f, language } = usePageTexts(INVITE_RINGS_PAGE);
  const [typed, setTyped] = useState(query);
  const load = useCallback(() => call(consoleInviteGraph, { query: query ? { q: query } : {} }), [query]);
  const { data, loading } = useLoad(load, query, { matches: [], clusters: [], graph: null });
  const pick = (account: RingAccount) => onQuery(account.userId);
  const top = data.graph?.nodes.find((node) => node.invitedBy === null);
  return (
    <Card title={f('rings.graph')} style={{ marginTop: 24 }}>
      <Typography.Paragraph type="secondary">{f('rings.graphNotice')}</Typography.Paragraph>
      <Input.Search
        aria-label={f('rings.search')}
        placeholder={f('rings.search')}
        enterButton={f('rings.show')}
        allowClear
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onSearch={(value) => onQuery(value.trim())}
        style={{ maxWidth: 420, marginBottom: 16 }}
      />
      {!query ? (
        <>
          <Typography.Title level={5}>{f('rings.largest')}</Typography.Title>
          {data.clusters.length === 0 ? (
            <Typography.Text type="secondary">{f('rings.noClusters')}</Typography.Text>
          ) : (
            <ul>
              {data.clusters.map((cluster) => (
                <li key={cluster.inviter.userId}>
                  <Button type="link" onClick={() => pick(cluster.inviter)}>
                    {cluster.inviter.mobile}
                  </Button>
                  {f('rings.cluster', { held: cluster.held, invitees: cluster.invitees })}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      {query && !data.graph && !loading ? (
        data.matches.length > 1 ? (
          <>
            <Typography.Paragraph>{f('rings.matches')}</Typography.Paragraph>
            <Space wrap>
              {data.matches.map((account) => (
                <Button key={account.userId} onClick={() => pick(account)}>
                  {account.mobile}
                </Button>
              ))}
            </Space>
          </>
        ) : (
          <Typography.Text type="secondary">{f('rings.noMatch')}</Typography.Text>
        )
      ) : null}
      {data.graph && top ? (
        <>
          <ul style={TREE} data-testid="ring-tree">
            <GraphNode graph={data.graph} userId={top.userId} f={f} language={language} />
          </ul>
          {data.graph.links.length === 0 ? (
            <Typography.Text type="secondary">{f('rings.noLinks')}</Typography.Text>
          ) : null}
          {data.graph.truncated ? <Alert type="info" showIcon title={f('rings.truncated')} /> : null}
        </>
      ) : null}
    </Card>
  );
}

/**
 * Reviewers: invite rewards a referral ring held (docs/console/reviewer.md, Invite rings; decision 101 "Referral rings
 * caught"), the oldest first, with the signals that held each and the accounts they concern; each is released (both
 * sides paid now, once) or refused, and the tree of invitations around the invitee shown. A reward decided meanwhile
 * answers 1017: the list reloads.
 */
export default function InviteRingsPage() {
  const { t, f, language } = usePageTexts(INVITE_RINGS_PAGE);
  const { message } = App.useApp();
  const [view, setView] = useState<QueueView<Status>>({ status: 'held', page: 1 });
  const load = useCallback(
    () => call(consoleInviteRewards, { query: { status: view.status, page: view.page, pageSize: PAGE_SIZE } }),
    [view],
  );
  const queue = useQueue(load, view, setView);
  const [deciding, setDeciding] = useState<{ row: ConsoleInviteReward; decision: Decision } | null>(null);
  const [graphQuery, setGraphQuery] = useState('');
  const [form] = Form.useForm<{ note?: string }>();
  const { busy, run } = useListRun(queue.onRefresh, { close: () => setDeciding(null), notice: f('rings.stale') });
  const held = view.status === 'held';

  const decide = () => {
    if (!deciding) return;
    const { row, decision } = deciding;
    const note = (form.getFieldValue('note') as string | undefined)?.trim();
    void run(
      async () => {
        await call(consoleDecideInviteReward, {
          params: { id: row.id },
          body: { decision, ...(note ? { note } : {}) },
        });
        void message.success(f(decision === 'release' ? 'rings.released' : 'rings.refused'));
      },
      () => setDeciding(null),
    );
  };

  return (
    <>
      <StatusQueue
        {...queue}
        statuses={(['held', 'decided'] as const).map((status) => ({
          value: status,
          label: f(`rings.status.${status}`),
        }))}
        notice={f('rings.notice')}
        emptyText={held ? f('rings.empty') : f('rings.emptyDecided')}
        columns={[
          {
            title: f('rings.invitee'),
            key: 'invitee',
            render: (_value, row) => <UserLink userId={row.invitee.userId} mobile={row.invitee.mobile} />,
          },
          {
            title: f('rings.inviter'),
            key: 'inviter',
            render: (_value, row) => <UserLink userId={row.inviter.userId} mobile={row.inviter.mobile} />,
          },
          { title: f('rings.day'), dataIndex: 'day', render: (value: string) => day(value, language) },
          {
            title: f('rings.points'),
            dataIndex: 'points',
            align: 'right',
            render: (value: number) => count(value, language),
          },
          {
            title: f('rings.signals'),
            key: 'signals',
            render: (_value, row) => (
              <Space orientation="vertical" size={4} style={{ maxWidth: 420, whiteSpace: 'normal' }}>
                {row.signals.map((signal, index) => (
                  <RingSignalLine key={index} signal={signal} f={f} />
                ))}
              </Space>
            ),
          },
          held
            ? timeColumn(f('rings.heldAt'), 'heldAt', language)
            : {
                title: f('rings.decidedAt'),
                key: 'decided',
                render: (_value, row) => (
                  <Space orientation="vertical" size={4}>
                    <Tag color={row.status === 'paid' ? 'green' : 'red'}>
                      {f(row.status === 'paid' ? 'rings.outcome.paid' : 'rings.outcome.refused')}
                    </Tag>
                    {row.decidedAt ? dateTime(row.decidedAt, language) : null}
                  </Space>
                ),
              },
          {
            key: 'actions',
            fixed: 'right',
            render: (_value, row) => (
              <Space>
                <Button onClick={() => setGraphQuery(row.invitee.userId)}>{f('rings.showTree')}</Button>
                {row.status === 'held' ? (
                  <>
                    <Button type="primary" onClick={() => setDeciding({ row, decision: 'release' })}>
                      {f('rings.release')}
                    </Button>
                    <Button danger onClick={() => setDeciding({ row, decision: 'refuse' })}>
                      {f('rings.refuse')}
                    </Button>
                  </>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Graph key={graphQuery} query={graphQuery} onQuery={setGraphQuery} />
      <Modal
        open={deciding !== null}
        title={
          deciding
            ? f(deciding.decision === 'release' ? 'rings.releaseTitle' : 'rings.refuseTitle', {
                user: deciding.row.invitee.mobile,
              })
            : ''
        }
        okText={deciding?.decision === 'refuse' ? f('rings.refuse') : f('rings.release')}
        okButtonProps={{ danger: deciding?.decision === 'refuse' }}
        cancelText={t('cancel')}
        confirmLoading={busy}
        destroyOnHidden
        onCancel={() => setDeciding(null)}
        onOk={decide}
      >
        {deciding ? (
          <p>
            {deciding.decision === 'release'
              ? f('rings.releaseIntro', {
                  points: count(deciding.row.points, language),
                  invitee: deciding.row.invitee.mobile,
                  inviter: deciding.row.inviter.mobile,
                })
              : f('rings.refuseIntro')}
          </p>
        ) : null}
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="note" label={f('rings.noteLabel')} rules={[{ max: INVITE_DECISION_NOTE_MAX }]}>
            <Input.TextArea rows={3} maxLength={INVITE_DECISION_NOTE_MAX} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
