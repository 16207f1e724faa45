import {
  consoleCreateNotice,
  consoleNoticePreview,
  consoleNotices,
  consoleSetNoticePublished,
  consoleUpdateNotice,
  type ConsoleNotice,
} from '@stride/contract';
import { App, Button, Col, Form, Input, Modal, Row, Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ContentLanguages, languageValues, type LanguageValues } from '../components/content-languages';
import { NoticePreview } from '../components/notice-preview';
import { useListRun } from '../components/use-busy';
import { ListTable } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { dateTime } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';

// Tiptap is the heaviest thing in the console: its own chunk, loaded when an editor opens.
const RichEditor = lazy(() => import('../components/rich-editor'));

const NONE: never[] = [];
const loadNotices = () => call(consoleNotices, {});

interface Editing {
  /** null: a new notice. */
  notice: ConsoleNotice | null;
  title: string;
  body: string;
  /** The language title and body are written in, and the other languages (decision 042 "Content in every language"). */
  languages: LanguageValues;
}

/** The notice body in another language: the same rich editor, empty until written. */
function TranslatedBody({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: string;
  onChange?: (html: string) => void;
}) {
  return (
    <Suspense fallback={<Spin />}>
      <RichEditor label={label} value={value ?? ''} onChange={(html) => onChange?.(html)} />
    </Suspense>
  );
}

/** Editors: every notice (drafts too); write and edit in a rich-text editor, preview, publish. */
export default function NoticesPage() {
  const { t, language } = useI18n();
  const { message, modal } = App.useApp();
  const list = useLoad(loadNotices, 'list', NONE);
  const { reload } = list;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [preview, setPreview] = useState<{ title: string; body: string } | null>(null);
  // A refused call shows the server's message; a stale edit also reloads the list and closes the editor.
  const { busy, run } = useListRun(reload, { close: () => setEditing(null) });

  function check(): Editing | null {
    if (!editing) return null;
    const title = editing.title.trim();
    if (!title || title.length > 140) {
      void message.warning(t('notices.titleRule'));
      return null;
    }
    if (!editing.body) {
      void message.warning(t('notices.bodyEmpty'));
      return null;
    }
    return { ...editing, title };
  }

  function showPreview() {
    const current = check();
    if (!current) return;
    void run(async () => {
      const answer = await call(consoleNoticePreview, { body: { body: current.body } });
      setPreview({ title: current.title, body: answer.body });
    });
  }

  function save() {
    const current = check();
    if (!current) return;
    void run(async () => {
      const body = {
        title: current.title,
        body: current.body,
        defaultLanguage: current.languages.defaultLanguage,
        translations: current.languages.translations,
      };
      const saved = current.notice
        ? await call(consoleUpdateNotice, {
            params: { id: current.notice.id },
            body: { ...body, version: current.notice.version },
          })
        : await call(consoleCreateNotice, { body });
      setEditing(null);
      void message.success(saved.published ? t('notices.savedPublished') : t('notices.saved'));
    });
  }

  function setPublished(notice: ConsoleNotice, published: boolean) {
    const apply = () =>
      run(async () => {
        await call(consoleSetNoticePublished, {
          params: { id: notice.id },
          body: { published, version: notice.version },
        });
        void message.success(published ? t('notices.publishedDone') : t('notices.unpublishedDone'));
      });
    if (published) return void apply();
    modal.confirm({
      title: t('notices.unpublishConfirm', { title: notice.title }),
      okText: t('notices.unpublish'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: apply,
    });
  }

  const when = (value: string | null) => (value ? dateTime(value, language) : '—');

  return (
    <>
      <ListTable
        list={list}
        tools={
          <>
            <Button
              type="primary"
              onClick={() => setEditing({ notice: null, title: '', body: '', languages: languageValues() })}
            >
              {t('notices.new')}
            </Button>
          </>
        }
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('notices.title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('notices.state'),
            dataIndex: 'published',
            render: (published: boolean) =>
              published ? <Tag color="green">{t('notices.published')}</Tag> : <Tag>{t('notices.draft')}</Tag>,
          },
          { title: t('notices.publishedAt'), dataIndex: 'publishedAt', render: when },
          { title: t('notices.updatedAt'), dataIndex: 'updatedAt', render: when },
          { title: t('notices.createdBy'), dataIndex: 'createdBy' },
        ]}
        actions={(row) => (
          <Space>
            <Button
              onClick={() =>
                setEditing({ notice: row, title: row.title, body: row.body, languages: languageValues(row) })
              }
            >
              {t('notices.edit')}
            </Button>
            <Button onClick={() => setPreview({ title: row.title, body: row.body })}>{t('notices.preview')}</Button>
            {row.published ? (
              <Button danger disabled={busy} onClick={() => setPublished(row, false)}>
                {t('notices.unpublish')}
              </Button>
            ) : (
              <Button type="primary" disabled={busy} onClick={() => setPublished(row, true)}>
                {t('notices.publish')}
              </Button>
            )}
          </Space>
        )}
      />
      <Modal
        open={editing !== null}
        width={860}
        title={editing?.notice ? t('notices.editTitle') : t('notices.newTitle')}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        footer={
          <Space>
            <Button onClick={() => setEditing(null)}>{t('cancel')}</Button>
            <Button loading={busy} onClick={showPreview}>
              {t('notices.preview')}
            </Button>
            <Button type="primary" loading={busy} onClick={save}>
              {t('notices.save')}
            </Button>
          </Space>
        }
      >
        {editing ? (
          <Form
            layout="vertical"
            requiredMark={false}
            initialValues={editing.languages}
            onValuesChange={(_changed, all: LanguageValues) =>
              setEditing((current) => (current ? { ...current, languages: { ...current.languages, ...all } } : current))
            }
          >
            <Form.Item label={t('notices.title')} htmlFor="notice-title">
              <Input
                id="notice-title"
                value={editing.title}
                maxLength={140}
                onChange={(event) => setEditing({ ...editing, title: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('notices.body')}>
              <Suspense fallback={<Spin />}>
                <RichEditor
                  label={t('notices.body')}
                  value={editing.body}
                  onChange={(body) => setEditing((current) => (current ? { ...current, body } : current))}
                />
              </Suspense>
            </Form.Item>
            <ContentLanguages
              fields={[
                { name: 'title', label: t('notices.title'), max: 140 },
                {
                  name: 'body',
                  label: t('notices.body'),
                  max: 100_000,
                  input: (label) => <TranslatedBody label={label} />,
                },
              ]}
            />
          </Form>
        ) : null}
      </Modal>
      <Modal
        open={preview !== null}
        title={t('notices.previewTitle')}
        footer={null}
        width={460}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview ? (
          <Row gutter={[0, 12]}>
            <Col span={24}>
              <Typography.Text type="secondary">{t('notices.previewHint')}</Typography.Text>
            </Col>
            <Col span={24}>
              <NoticePreview title={preview.title} body={preview.body} />
            </Col>
          </Row>
        ) : null}
      </Modal>
    </>
  );
}
