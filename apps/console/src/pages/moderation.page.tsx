import {
  consoleModerationAvatar,
  consoleModerationDecide,
  consoleModerationQueue,
  type ConsoleModerationItem,
  type ModerationDecision,
  type ResponseOf,
} from '@stride/contract';
import { App, Button, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { timeColumn } from '../components/columns';
import { ReasonModal } from '../components/reason-modal';
import { ListTable, PAGE_SIZE } from '../components/status-queue';
import { useFail } from '../components/use-fail';
import { useImage } from '../components/use-image';
import { useLoad } from '../components/use-load';
import { UserLink } from '../components/user-link';
import { count } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

const EMPTY: ResponseOf<typeof consoleModerationQueue> = {
  items: [],
  page: 1,
  pageSize: PAGE_SIZE,
  total: 0,
  hasMore: false,
};

const keyOf = (item: ConsoleModerationItem) => `${item.kind}:${item.id}`;

/** A reported avatar, loaded with the console cookie through an object URL (revoked when the row goes). */
function ReportedAvatar({ userId }: { userId: string }) {
  const { t } = useI18n();
  const { url } = useImage(consoleModerationAvatar, { id: userId });
  return url ? (
    <img src={url} alt={t('moderation.kind.avatar')} width={48} height={48} style={{ objectFit: 'cover' }} />
  ) : null;
}

/**
 * Reviewers: reported nicknames, avatars, club names and challenge titles, one row per content with its open reports,
 * oldest first; hide, freeze the owner or dismiss, each with a reason (docs/console/reviewer.md, Reported content).
 */
export default function ModerationPage() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ item: ConsoleModerationItem; decision: ModerationDecision } | null>(null);
  const load = useCallback(() => call(consoleModerationQueue, { query: { page, pageSize: PAGE_SIZE } }), [page]);
  const { data: result, loading, reload } = useLoad(load, String(page), EMPTY);

  const decide = async (item: ConsoleModerationItem, decision: ModerationDecision, reason: string) => {
    try {
      await call(consoleModerationDecide, {
        params: { kind: item.kind, id: item.id },
        body: { decision, reason, version: item.version },
      });
      void message.success(t(`moderation.done.${decision}`));
      setDeciding(null);
    } catch (error) {
      fail(error);
    } finally {
      reload();
    }
  };

  const kindName = (item: ConsoleModerationItem) => t(`moderation.kind.${item.kind}`);
  return (
    <>
      <Typography.Paragraph type="secondary">{t('moderation.intro')}</Typography.Paragraph>
      <ListTable<ConsoleModerationItem>
        loading={loading}
        onRefresh={reload}
        rowKey={keyOf}
        dataSource={result.items}
        emptyText={t('moderation.empty')}
        paged={{
          page,
          total: result.total,
          onPage: setPage,
          totalText: (total) => t('moderation.total', { total: count(total, language) }),
        }}
        columns={[
          {
            title: t('moderation.content'),
            key: 'content',
            render: (_value, item) => (
              <Space size={8} wrap>
                <Tag>{kindName(item)}</Tag>
                {item.imageUrl ? <ReportedAvatar userId={item.id} /> : null}
                {item.text !== null ? (
                  <span data-testid="reported-text">{item.text}</span>
                ) : item.imageUrl ? null : (
                  <Typography.Text type="secondary">{t('moderation.none')}</Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('moderation.owner'),
            key: 'owner',
            render: (_value, item) =>
              item.ownerId ? <UserLink userId={item.ownerId} mobile={item.ownerMobileMasked ?? ''} /> : '—',
          },
          {
            title: t('moderation.reports'),
            dataIndex: 'reports',
            align: 'right',
            render: (reports: number) => count(reports, language),
          },
          {
            title: t('moderation.reasons'),
            key: 'reasons',
            render: (_value, item) => (
              <Space size={4} wrap>
                {item.reasons.map(({ reason, count: times }) => (
                  <Tag key={reason}>{`${t(`moderation.reason.${reason}`)} × ${count(times, language)}`}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('moderation.notes'),
            key: 'notes',
            render: (_value, item) => (item.notes.length > 0 ? item.notes.join(' · ') : '—'),
          },
          timeColumn(t('moderation.firstReportedAt'), 'firstReportedAt', language),
        ]}
        actions={(item) => (
          <Space>
            <Button size="small" onClick={() => setDeciding({ item, decision: 'hide' })}>
              {t('moderation.hide')}
            </Button>
            <Button size="small" danger onClick={() => setDeciding({ item, decision: 'freeze' })}>
              {t('moderation.freeze')}
            </Button>
            <Button size="small" onClick={() => setDeciding({ item, decision: 'dismiss' })}>
              {t('moderation.dismiss')}
            </Button>
          </Space>
        )}
      />
      <ReasonModal
        open={deciding !== null}
        danger={deciding?.decision === 'freeze'}
        clearAfter={false}
        title={
          deciding
            ? t(`moderation.${deciding.decision}Title`, { kind: kindName(deciding.item).toLowerCase() })
            : undefined
        }
        hint={deciding ? t(`moderation.${deciding.decision}Hint`) : undefined}
        label={t('moderation.reasonLabel')}
        onCancel={() => setDeciding(null)}
        onSubmit={async (reason) => {
          if (deciding) await decide(deciding.item, deciding.decision, reason);
        }}
      />
    </>
  );
}
