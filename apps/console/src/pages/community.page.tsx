import {
  consoleChannels,
  consoleCreateChannel,
  consoleUpdateChannel,
  consoleUploadImage,
  type ConsoleChannel,
} from '@stride/contract';
import { App, Button, Form, Image, Input, InputNumber, Space, Switch, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ContentLanguages, languageValues, type LanguageValues } from '../components/content-languages';
import { useListRun } from '../components/use-busy';
import { useFail } from '../components/use-fail';
import { ListTable } from '../components/status-queue';
import { useLoad } from '../components/use-load';
import { useI18n } from '../lib/i18n-context';
import { call, upload } from '../lib/request';
import { EditModal } from '../components/edit-modal';

const NONE: never[] = [];
const loadChannels = () => call(consoleChannels, {});

interface Fields extends LanguageValues {
  name: string;
  description: string;
  url: string;
  qrImage: string | null;
  position: number;
  active: boolean;
}

const BLANK: Fields = {
  name: '',
  description: '',
  url: '',
  qrImage: null,
  position: 0,
  active: true,
  ...languageValues(),
};

/** Editors: the official community channels users see (name, link, QR image, order, shown or not). */
export default function CommunityPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  const list = useLoad(loadChannels, 'list', NONE);
  const { reload } = list;
  // undefined: closed; null: a new channel.
  const [editing, setEditing] = useState<ConsoleChannel | null | undefined>(undefined);
  const { busy, run } = useListRun(reload, { close: () => setEditing(undefined) });
  const [form] = Form.useForm<Fields>();
  const qrImage = Form.useWatch('qrImage', form) as string | null | undefined;

  function open(channel: ConsoleChannel | null) {
    form.resetFields();
    form.setFieldsValue(channel ? { ...channel, ...languageValues(channel) } : BLANK);
    setEditing(channel);
  }

  function save() {
    form.validateFields().then(
      (fields) => {
        const body = { ...fields, description: fields.description ?? '', qrImage: fields.qrImage ?? null };
        return run(
          () =>
            editing
              ? call(consoleUpdateChannel, { params: { id: editing.id }, body: { ...body, version: editing.version } })
              : call(consoleCreateChannel, { body }),
          () => {
            setEditing(undefined);
            void message.success(t('community.saved'));
          },
        );
      },
      () => undefined,
    );
  }

  return (
    <>
      <ListTable
        list={list}
        tools={
          <>
            <Button type="primary" onClick={() => open(null)}>
              {t('community.new')}
            </Button>
          </>
        }
        columns={[
          { title: t('community.position'), dataIndex: 'position', width: 90 },
          { title: t('community.name'), dataIndex: 'name' },
          {
            title: t('community.url'),
            dataIndex: 'url',
            render: (url: string) => (
              <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
                {url}
              </Typography.Link>
            ),
          },
          {
            title: t('community.qr'),
            dataIndex: 'qrImage',
            render: (src: string | null) =>
              src ? <Image src={src} width={48} height={48} alt="" /> : t('community.qrGenerated'),
          },
          {
            title: t('community.active'),
            dataIndex: 'active',
            render: (active: boolean) =>
              active ? <Tag color="green">{t('community.active')}</Tag> : <Tag>{t('community.hidden')}</Tag>,
          },
        ]}
        actions={(row) => <Button onClick={() => open(row)}>{t('community.edit')}</Button>}
      />
      <EditModal
        busy={busy}
        open={editing !== undefined}
        title={editing ? t('community.editTitle') : t('community.newTitle')}
        onOk={save}
        onCancel={() => setEditing(undefined)}
      >
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item
            name="name"
            label={t('community.name')}
            rules={[{ required: true, whitespace: true, max: 64, message: t('community.nameRule') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="description" label={t('community.description')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('community.url')}
            rules={[{ required: true, pattern: /^\s*https?:\/\/\S+\s*$/, message: t('community.urlRule') }]}
          >
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="qrImage" hidden>
            <Input />
          </Form.Item>
          <Form.Item label={t('community.qr')}>
            <Space align="start" wrap>
              {qrImage ? (
                <Image src={qrImage} width={96} height={96} alt="" />
              ) : (
                <Typography.Text type="secondary">{t('community.qrGenerated')}</Typography.Text>
              )}
              <Upload
                accept="image/jpeg,image/png,image/webp"
                showUploadList={false}
                customRequest={({ file, onSuccess, onError }) => {
                  const data = new FormData();
                  data.append('file', file);
                  upload(consoleUploadImage, data).then(
                    (image) => {
                      form.setFieldValue('qrImage', image.url);
                      onSuccess?.(image);
                    },
                    (error: unknown) => {
                      fail(error);
                      onError?.(error as Error);
                    },
                  );
                }}
              >
                <Button>{t('community.qrUpload')}</Button>
              </Upload>
              {qrImage ? (
                <Button onClick={() => form.setFieldValue('qrImage', null)}>{t('community.qrClear')}</Button>
              ) : null}
            </Space>
          </Form.Item>
          <Form.Item name="position" label={t('community.position')} rules={[{ required: true }]}>
            <InputNumber min={0} max={10_000} precision={0} />
          </Form.Item>
          <Form.Item name="active" label={t('community.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <ContentLanguages
            fields={[
              { name: 'name', label: t('community.name'), max: 64 },
              { name: 'description', label: t('community.description'), max: 500, multiline: true },
            ]}
          />
        </Form>
      </EditModal>
    </>
  );
}
