import { consolePolicies, consolePublishPolicy, type ConsolePolicy, type PolicyKind } from '@stride/contract';
import { App, Button, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ContentLanguages, languageValues, type LanguageValues } from '../components/content-languages';
import { useFail } from '../components/use-fail';
import { ListTable } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { useI18n } from '../lib/i18n-context';
import { call } from '../lib/request';
import { timeColumn } from '../components/columns';

const NONE: ConsolePolicy[] = [];
const loadPolicies = () => call(consolePolicies, {});

interface Fields extends LanguageValues {
  title: string;
  body: string;
  changes: string;
}

/**
 * Editors: every version of the terms of service and the privacy policy, and publishing the next
 * one (decision 046 "Policies and consent"), which users accept at sign-up or are asked to accept on their next open.
 */
export default function PoliciesPage() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  const list = useLoad(loadPolicies, 'list', NONE);
  const { data: rows, reload } = list;
  // The kind a new version is being written for, and the current version it replaces.
  const [writing, setWriting] = useState<{ kind: PolicyKind; basedOn: number } | undefined>(undefined);
  const [viewing, setViewing] = useState<ConsolePolicy | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Fields>();

  const current = (kind: PolicyKind) =>
    rows.filter((row) => row.kind === kind).sort((a, b) => b.version - a.version)[0];

  function open(kind: PolicyKind) {
    const latest = current(kind);
    form.resetFields();
    // The new version starts as a copy of the current one, in all its languages.
    form.setFieldsValue(
      latest
        ? { title: latest.title, body: latest.body, changes: '', ...languageValues(latest) }
        : { title: '', body: '', changes: '', ...languageValues() },
    );
    setWriting({ kind, basedOn: latest?.version ?? 0 });
  }

  function publish() {
    if (!writing) return;
    form.validateFields().then(
      async (fields) => {
        setBusy(true);
        try {
          const saved = await call(consolePublishPolicy, {
            body: {
              kind: writing.kind,
              basedOn: writing.basedOn,
              title: fields.title,
              body: fields.body,
              changes: fields.changes ?? '',
              defaultLanguage: fields.defaultLanguage,
              translations: fields.translations,
            },
          });
          setWriting(undefined);
          void message.success(t('policies.published', { version: saved.version }));
          reload();
        } catch (error) {
          fail(error);
          reload();
        } finally {
          setBusy(false);
        }
      },
      () => undefined,
    );
  }

  const kindName = (kind: PolicyKind) => t(`policies.kind.${kind}`);

  return (
    <>
      <ListTable
        list={list}
        wrap
        tools={
          <>
            {(['terms', 'privacy'] as const).map((kind) => (
              <Button key={kind} type="primary" onClick={() => open(kind)}>
                {`${t('policies.newVersion')}: ${kindName(kind)}`}
              </Button>
            ))}
          </>
        }
        columns={[
          { title: t('policies.kind'), dataIndex: 'kind', render: (kind: PolicyKind) => kindName(kind) },
          {
            title: t('policies.version'),
            dataIndex: 'version',
            render: (version: number, row) => (
              <Space>
                {version}
                {current(row.kind)?.id === row.id ? <Tag color="green">{t('policies.current')}</Tag> : null}
              </Space>
            ),
          },
          { title: t('policies.title'), dataIndex: 'title' },
          {
            title: t('policies.changes'),
            dataIndex: 'changes',
            // A long "what changed" is cut to one line (the whole text on hover), so the dates stay in view.
            width: 200,
            ellipsis: true,
            render: (changes: string) => (
              <Typography.Text ellipsis={{ tooltip: changes }} style={{ maxWidth: 168 }}>
                {changes}
              </Typography.Text>
            ),
          },
          timeColumn(t('policies.publishedAt'), 'publishedAt', language),
          { title: t('policies.createdBy'), dataIndex: 'createdBy' },
        ]}
        actions={(row) => <Button onClick={() => setViewing(row)}>{t('policies.view')}</Button>}
      />
      <Modal
        open={viewing !== undefined}
        title={viewing ? `${viewing.title} · ${t('policies.version')} ${viewing.version}` : ''}
        footer={null}
        width={720}
        onCancel={() => setViewing(undefined)}
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{viewing?.body}</Typography.Paragraph>
      </Modal>
      <Modal
        open={writing !== undefined}
        title={writing ? t('policies.newTitle', { kind: kindName(writing.kind) }) : ''}
        okText={t('policies.publish')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={publish}
        onCancel={() => setWriting(undefined)}
        width={760}
        forceRender
      >
        <Typography.Paragraph type="secondary">{t('policies.publishHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item
            name="title"
            label={t('policies.title')}
            rules={[{ required: true, whitespace: true, max: 200, message: t('policies.titleRule') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="changes" label={t('policies.changes')} extra={t('policies.changesHint')}>
            <Input.TextArea maxLength={10_000} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          <Form.Item
            name="body"
            label={t('policies.body')}
            extra={t('policies.bodyHint')}
            rules={[{ required: true, whitespace: true, message: t('policies.bodyRule') }]}
          >
            <Input.TextArea maxLength={100_000} autoSize={{ minRows: 8, maxRows: 18 }} />
          </Form.Item>
          <ContentLanguages
            fields={[
              { name: 'title', label: t('policies.title'), max: 200 },
              { name: 'changes', label: t('policies.changes'), max: 10_000, multiline: true },
              { name: 'body', label: t('policies.body'), max: 100_000, multiline: true },
            ]}
          />
        </Form>
      </Modal>
    </>
  );
}
