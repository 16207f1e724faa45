import {
  APPEAL_GRANT_REASONS,
  APPEAL_NOTE_MAX,
  APPEAL_REFUSE_REASONS,
  consoleAppealImage,
  consoleAppeals,
  consoleDecideAppeal,
  type AppealKind,
  type AppealReason,
  type ConsoleAppeal,
} from '@stride/contract';
import { App, Button, Form, Input, Modal, Radio, Space, Tag, Typography } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { RingSignalLine } from '../components/ring-signal';
import { FlaggedDayHeld, FlaggedDayReasons, FlaggedDaySources, FlaggedDayStatus } from '../components/flagged-day';
import { PAGE_SIZE, StatusQueue, useQueue, type QueueView } from '../components/status-queue';
import { useListRun } from '../components/use-busy';
import { useImage } from '../components/use-image';
import { UserLink } from '../components/user-link';
import { dateTime, day } from '../lib/format';
import { usePageTexts } from '../lib/page-texts';
import { call } from '../lib/request';
import { APPEALS_PAGE } from '../locales/areas/appeals-page';
import { INVITE_RINGS_PAGE } from '../locales/areas/invite-rings-page';

type Status = 'open' | 'decided';
type Decision = 'grant' | 'refuse';

interface DecisionForm {
  decision?: Decision;
  reason?: AppealReason;
  reply?: string;
}

/** The refusal reasons about some kinds of appeal only: the rule applied to a day or a reward, the content allowed. */
const ONLY_FOR: Partial<Record<AppealReason, readonly AppealKind[]>> = {
  ruleApplies: ['step-day', 'invite-reward'],
  contentAllowed: ['report'],
};

/** The reasons a decision gives (the grant reasons for a grant, the refusal reasons for a refusal) that fit the kind. */
function reasonsFor(kind: AppealKind, decision: Decision): readonly AppealReason[] {
  const reasons: readonly AppealReason[] = decision === 'grant' ? APPEAL_GRANT_REASONS : APPEAL_REFUSE_REASONS;
  return reasons.filter((reason) => ONLY_FOR[reason]?.includes(kind) ?? true);
}

/** A labelled line of the evidence. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Text type="secondary">{label}: </Typography.Text>
      {children}
    </div>
  );
}

/** A held invite reward's evidence: the two sides and the signals that held it, as Invite rings shows them. */
function RewardEvidence({ appeal }: { appeal: ConsoleAppeal }) {
  const { f } = usePageTexts(APPEALS_PAGE);
  const rings = usePageTexts(INVITE_RINGS_PAGE).f;
  const reward = appeal.inviteReward;
  return (
    <Space orientation="vertical" size={4} style={{ maxWidth: 320, whiteSpace: 'normal' }}>
      <Tag>{f('appeals.kind.invite-reward')}</Tag>
      {reward ? (
        <>
          <span>
            {f('appeals.rewardOf', {
              invitee: reward.invitee.mobile,
              inviter: reward.inviter.mobile,
              points: reward.points,
            })}
          </span>
          {reward.signals.map((signal, index) => (
            <RingSignalLine key={index} signal={signal} f={rings} />
          ))}
        </>
      ) : (
        <Typography.Text type="secondary">{f('appeals.rewardGone')}</Typography.Text>
      )}
    </Space>
  );
}

/** What the appeal is about, as the first decision saw it: the day's review, the dismissed report, the held reward. */
function Evidence({ appeal }: { appeal: ConsoleAppeal }) {
  const { t, f, language } = usePageTexts(APPEALS_PAGE);
  const { day: review, report } = appeal;
  if (appeal.kind === 'invite-reward') return <RewardEvidence appeal={appeal} />;
  if (appeal.kind === 'step-day') {
    return (
      <Space orientation="vertical" size={4} style={{ maxWidth: 280 }}>
        <Space size={4} wrap>
          <Tag>{f('appeals.kind.step-day')}</Tag>
          <span>{day(appeal.subject, language)}</span>
          {review ? <FlaggedDayStatus day={review} /> : null}
        </Space>
        {review ? (
          <>
            <FlaggedDayReasons day={review} />
            <Line label={f('appeals.sources')}>
              <FlaggedDaySources day={review} />
            </Line>
            <Line label={f('appeals.held')}>
              <FlaggedDayHeld day={review} />
            </Line>
          </>
        ) : (
          <Typography.Text type="secondary">{f('appeals.dayGone')}</Typography.Text>
        )}
      </Space>
    );
  }
  return (
    <Space orientation="vertical" size={4} style={{ maxWidth: 280, whiteSpace: 'normal' }}>
      <Space size={4} wrap>
        <Tag>{f('appeals.kind.report')}</Tag>
        {report ? <Tag>{t(`moderation.kind.${report.kind}`)}</Tag> : null}
      </Space>
      {report ? (
        <>
          <Line label={f('appeals.reportReason')}>{t(`moderation.reason.${report.reason}`)}</Line>
          {report.note ? <Line label={f('appeals.reportNote')}>{report.note}</Line> : null}
          <Line label={f('appeals.textNow')}>
            {report.text ?? <Typography.Text type="secondary">{f('appeals.noText')}</Typography.Text>}
          </Line>
        </>
      ) : (
        <Typography.Text type="secondary">{f('appeals.reportGone')}</Typography.Text>
      )}
    </Space>
  );
}

/** The picture sent with an appeal: a thumbnail, larger on click; each fetch is a look the server records. */
function AppealPicture({ id }: { id: string }) {
  const { f } = usePageTexts(APPEALS_PAGE);
  const { url, failed } = useImage(consoleAppealImage, { id });
  const [open, setOpen] = useState(false);
  if (failed) return <Typography.Text type="secondary">{f('appeals.pictureFailed')}</Typography.Text>;
  if (!url) return null;
  return (
    <>
      <button
        type="button"
        className="console-thumb"
        aria-label={f('appeals.openPicture')}
        onClick={() => setOpen(true)}
      >
        <img src={url} alt={f('appeals.picture')} data-testid="appeal-picture" />
      </button>
      <Modal open={open} title={f('appeals.picture')} footer={null} width={720} onCancel={() => setOpen(false)}>
        <img className="console-preview" src={url} alt={f('appeals.picture')} />
      </Modal>
    </>
  );
}

/** The user's own words, and the picture when one came with them. */
function Note({ appeal }: { appeal: ConsoleAppeal }) {
  return (
    <Space orientation="vertical" size={4} style={{ maxWidth: 280 }}>
      <span style={{ whiteSpace: 'pre-wrap' }}>{appeal.note}</span>
      {appeal.hasImage ? <AppealPicture id={appeal.id} /> : null}
    </Space>
  );
}

/**
 * Reviewers: users' appeals of a held or rejected day and of a dismissed report, the one due soonest first (the
 * overdue marked), beside the evidence the first decision used; each is granted or refused once, with a reason the user
 * sees and optionally a reply (docs/console/reviewer.md, Appeals; decision 102 "Appeals with a deadline"). An appeal
 * decided or changed meanwhile answers 1017: the list reloads.
 */
export default function AppealsPage() {
  const { t, f, language } = usePageTexts(APPEALS_PAGE);
  const { message } = App.useApp();
  const [view, setView] = useState<QueueView<Status>>({ status: 'open', page: 1 });
  const load = useCallback(
    () => call(consoleAppeals, { query: { status: view.status, page: view.page, pageSize: PAGE_SIZE } }),
    [view],
  );
  const queue = useQueue(load, view, setView);
  const [deciding, setDeciding] = useState<ConsoleAppeal | null>(null);
  const [form] = Form.useForm<DecisionForm>();
  const decision = Form.useWatch('decision', form);
  const { busy, run } = useListRun(queue.onRefresh, { close: () => setDeciding(null), notice: f('appeals.stale') });
  const open = view.status === 'open';

  const decide = (appeal: ConsoleAppeal) => {
    form.validateFields().then(
      ({ decision: chosen, reason, reply }) =>
        run(
          async () => {
            if (!chosen || !reason) return;
            await call(consoleDecideAppeal, {
              params: { id: appeal.id },
              body: {
                decision: chosen,
                reason,
                version: appeal.version,
                ...(reply?.trim() ? { reply: reply.trim() } : {}),
              },
            });
            void message.success(f(chosen === 'grant' ? 'appeals.granted' : 'appeals.refused'));
          },
          () => setDeciding(null),
        ),
      () => undefined,
    );
  };

  return (
    <>
      <StatusQueue
        {...queue}
        statuses={(['open', 'decided'] as const).map((status) => ({
          value: status,
          label: f(`appeals.status.${status}`),
        }))}
        notice={f('appeals.notice')}
        emptyText={open ? f('appeals.empty') : f('appeals.emptyDecided')}
        columns={[
          {
            title: f('appeals.user'),
            key: 'user',
            render: (_value, row) => <UserLink userId={row.userId} mobile={row.mobile} />,
          },
          { title: f('appeals.what'), key: 'what', render: (_value, row) => <Evidence appeal={row} /> },
          { title: f('appeals.note'), key: 'note', render: (_value, row) => <Note appeal={row} /> },
          {
            title: f('appeals.sentAt'),
            key: 'sent',
            render: (_value, row) => (
              <Space orientation="vertical" size={4}>
                <span>{dateTime(row.createdAt, language)}</span>
                <span>
                  <Typography.Text type="secondary">{f('appeals.dueAt')}: </Typography.Text>
                  {dateTime(row.dueAt, language)}
                </span>
                {row.overdue ? <Tag color="red">{f('appeals.overdue')}</Tag> : null}
              </Space>
            ),
          },
          open
            ? {
                key: 'actions',
                fixed: 'right' as const,
                render: (_value: unknown, row: ConsoleAppeal) => (
                  <Button type="primary" onClick={() => setDeciding(row)}>
                    {f('appeals.decide')}
                  </Button>
                ),
              }
            : {
                title: f('appeals.outcome'),
                key: 'outcome',
                render: (_value: unknown, row: ConsoleAppeal) => (
                  <Space orientation="vertical" size={4} style={{ maxWidth: 280, whiteSpace: 'normal' }}>
                    <span>
                      {row.status === 'open' ? null : (
                        <Tag color={row.status === 'granted' ? 'green' : 'red'}>
                          {f(`appeals.outcome.${row.status}`)}
                        </Tag>
                      )}
                      {row.reason ? f(`appeals.reason.${row.reason}`) : null}
                    </span>
                    {row.reply ? (
                      <Line label={f('appeals.replyShown')}>
                        <span style={{ whiteSpace: 'pre-wrap' }}>{row.reply}</span>
                      </Line>
                    ) : null}
                    {row.decidedAt ? (
                      <Line label={f('appeals.decidedAt')}>{dateTime(row.decidedAt, language)}</Line>
                    ) : null}
                  </Space>
                ),
              },
        ]}
      />
      <Modal
        open={deciding !== null}
        title={deciding ? f('appeals.decideTitle', { user: deciding.mobile }) : ''}
        okText={decision ? f(`appeals.${decision}`) : f('appeals.decide')}
        okButtonProps={{ danger: decision === 'refuse' }}
        cancelText={t('cancel')}
        confirmLoading={busy}
        destroyOnHidden
        onCancel={() => setDeciding(null)}
        onOk={() => {
          if (deciding) decide(deciding);
        }}
      >
        {deciding ? (
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            onValuesChange={(changed: DecisionForm) => {
              if (changed.decision) form.setFieldValue('reason', undefined);
            }}
          >
            <Form.Item name="decision" label={f('appeals.decision')} rules={[{ required: true }]}>
              <Radio.Group
                optionType="button"
                options={(['grant', 'refuse'] as const).map((value) => ({ value, label: f(`appeals.${value}`) }))}
              />
            </Form.Item>
            {decision ? (
              <>
                <Typography.Paragraph type="secondary">
                  {f(`appeals.${decision}Hint.${deciding.kind}`)}
                </Typography.Paragraph>
                <Form.Item
                  name="reason"
                  label={f('appeals.reason')}
                  rules={[{ required: true, message: f('appeals.reasonRequired') }]}
                >
                  <Radio.Group
                    style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                    options={reasonsFor(deciding.kind, decision).map((reason) => ({
                      value: reason,
                      label: f(`appeals.reason.${reason}`),
                    }))}
                  />
                </Form.Item>
              </>
            ) : null}
            <Form.Item name="reply" label={f('appeals.reply')} rules={[{ max: APPEAL_NOTE_MAX }]}>
              <Input.TextArea rows={3} maxLength={APPEAL_NOTE_MAX} showCount />
            </Form.Item>
          </Form>
        ) : null}
      </Modal>
    </>
  );
}
