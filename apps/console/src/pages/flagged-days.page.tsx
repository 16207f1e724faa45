import { consoleDecideFlaggedDay, consoleFlaggedDays, type ConsoleFlaggedDay, type StepReview } from '@stride/contract';
import { CODES } from '@stride/contract/codes';
import { App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { FlaggedDayHeld, FlaggedDayReasons, FlaggedDaySources } from '../components/flagged-day';
import { PAGE_SIZE, StatusQueue, useQueue, type QueueView } from '../components/status-queue';
import { useFail } from '../components/use-fail';
import { UserLink } from '../components/user-link';
import { count, dateTime, day, money } from '../lib/format';
import { usePageTexts } from '../lib/page-texts';
import { ConsoleError, call } from '../lib/request';
import { FLAGGED_DAYS_PAGE } from '../locales/areas/flagged-days-page';
import { timeColumn } from '../components/columns';

type Status = StepReview['status'];
type Decision = 'clear' | 'reject';

/**
 * Reviewer: days whose rewards wait (decision 029 "Steps from every source"), oldest first, with why they were flagged
 * and what they hold; each is cleared (paid now) or rejected (never paid) once, with a note. A day
 * someone changed meanwhile (a new reason, another reviewer's decision) answers 1017: the list reloads.
 */
export default function FlaggedDaysPage() {
  const { t, f, language } = usePageTexts(FLAGGED_DAYS_PAGE);
  const { message } = App.useApp();
  const fail = useFail();
  const [view, setView] = useState<QueueView<Status>>({ status: 'flagged', page: 1 });
  const load = useCallback(
    () => call(consoleFlaggedDays, { query: { status: view.status, page: view.page, pageSize: PAGE_SIZE } }),
    [view],
  );
  const queue = useQueue(load, view, setView);
  const [deciding, setDeciding] = useState<{ row: ConsoleFlaggedDay; decision: Decision } | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ note?: string }>();
  const waiting = view.status === 'flagged';

  const decide = async () => {
    if (!deciding) return;
    const { row, decision } = deciding;
    const note = form.getFieldValue('note') as string | undefined;
    setBusy(true);
    try {
      await call(consoleDecideFlaggedDay, {
        params: { id: row.id },
        body: { decision, version: row.version, ...(note?.trim() ? { note: note.trim() } : {}) },
      });
      void message.success(f(decision === 'clear' ? 'flagged.cleared' : 'flagged.rejected'));
    } catch (error) {
      fail(error);
      if (error instanceof ConsoleError && error.code === CODES.STALE_EDIT) void message.info(f('flagged.stale'));
    } finally {
      setBusy(false);
      setDeciding(null);
      form.resetFields();
      queue.onRefresh();
    }
  };

  return (
    <>
      <StatusQueue
        {...queue}
        statuses={(['flagged', 'cleared', 'rejected'] as const).map((status) => ({
          value: status,
          label: f(`flagged.status.${status}`),
        }))}
        notice={f('flagged.notice')}
        emptyText={waiting ? f('flagged.empty') : f('flagged.emptyDecided')}
        columns={[
          {
            title: f('flagged.user'),
            key: 'user',
            render: (_value, row) => <UserLink userId={row.userId} mobile={row.mobile} />,
          },
          { title: f('flagged.day'), dataIndex: 'day', render: (v: string) => day(v, language) },
          { title: f('flagged.steps'), dataIndex: 'steps', align: 'right', render: (v: number) => count(v, language) },
          {
            title: f('flagged.sources'),
            key: 'sources',
            render: (_value, row) => <FlaggedDaySources day={row} />,
          },
          {
            title: f('flagged.reasons'),
            key: 'reasons',
            render: (_value, row) => <FlaggedDayReasons day={row} />,
          },
          { title: f('flagged.held'), key: 'held', render: (_value, row) => <FlaggedDayHeld day={row} /> },
          waiting
            ? timeColumn(f('flagged.flaggedAt'), 'flaggedAt', language)
            : {
                title: f('flagged.decidedAt'),
                key: 'decided',
                render: (_value, row) => (
                  <>
                    {row.decidedAt ? dateTime(row.decidedAt, language) : ''}
                    {row.note ? (
                      <>
                        <br />
                        <Typography.Text type="secondary">{row.note}</Typography.Text>
                      </>
                    ) : null}
                  </>
                ),
              },
          ...(waiting
            ? [
                {
                  key: 'actions',
                  fixed: 'right' as const,
                  render: (_value: unknown, row: ConsoleFlaggedDay) => (
                    <Space>
                      <Button type="primary" onClick={() => setDeciding({ row, decision: 'clear' })}>
                        {f('flagged.clear')}
                      </Button>
                      <Button danger onClick={() => setDeciding({ row, decision: 'reject' })}>
                        {f('flagged.reject')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={deciding !== null}
        title={
          deciding
            ? f(deciding.decision === 'clear' ? 'flagged.clearTitle' : 'flagged.rejectTitle', {
                day: deciding.row.day,
                user: deciding.row.mobile,
              })
            : ''
        }
        okText={deciding?.decision === 'reject' ? f('flagged.reject') : f('flagged.clear')}
        okButtonProps={{ danger: deciding?.decision === 'reject' }}
        cancelText={t('cancel')}
        confirmLoading={busy}
        destroyOnHidden
        onCancel={() => {
          setDeciding(null);
          form.resetFields();
        }}
        onOk={() => void decide()}
      >
        {deciding ? (
          <p>
            {deciding.decision === 'clear'
              ? f('flagged.clearIntro', {
                  points: count(deciding.row.heldPoints, language),
                  cash: money(deciding.row.heldCashBack, language),
                })
              : f('flagged.rejectIntro')}
          </p>
        ) : null}
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="note" label={f('flagged.noteLabel')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
