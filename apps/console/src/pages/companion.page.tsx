import { consoleCompanion, consoleUploadCompanion } from '@stride/contract';
import { App, Button, Card, Descriptions, Form, Input, InputNumber, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useFail } from '../components/use-fail';
import { useLoad } from '../components/use-load';
import { dateTime } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import { call, upload } from '../lib/request';

const loadCompanion = () => call(consoleCompanion, {});
const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Editors: the companion package the download page offers, and uploading its next version. */
export default function CompanionPage() {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const fail = useFail();
  const { data, loading, reload } = useLoad(loadCompanion, 'current', null);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ version: string; versionCode: number }>();
  const current = data?.current ?? null;
  const lowest = current?.versionCode ?? 0;

  function submit() {
    form.validateFields().then(
      async ({ version, versionCode }) => {
        const file = files[0]?.originFileObj;
        if (!file) {
          void message.warning(t('companion.fileRule'));
          return;
        }
        setBusy(true);
        const body = new FormData();
        // The fields first, then the file (the server reads either order).
        body.append('version', version.trim());
        body.append('versionCode', String(versionCode));
        body.append('file', file);
        try {
          const served = await upload(consoleUploadCompanion, body);
          void message.success(t('companion.uploaded', { version: served.current?.version ?? version }));
          form.resetFields();
          setFiles([]);
          reload();
        } catch (error) {
          fail(error);
        } finally {
          setBusy(false);
        }
      },
      () => undefined,
    );
  }

  return (
    <>
      <Card title={t('companion.current')} loading={loading && !data} style={{ marginBottom: 16 }}>
        {current ? (
          <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
            <Descriptions.Item label={t('companion.version')}>{current.version}</Descriptions.Item>
            <Descriptions.Item label={t('companion.versionCode')}>{current.versionCode}</Descriptions.Item>
            <Descriptions.Item label={t('companion.file')}>{current.fileName}</Descriptions.Item>
            <Descriptions.Item label={t('companion.size')}>
              {current.size === null ? '—' : megabytes(current.size)}
            </Descriptions.Item>
            <Descriptions.Item label={t('companion.source')} span={2}>
              {data?.source === 'upload'
                ? t('companion.sourceUpload', {
                    name: current.uploadedBy ?? '',
                    at: current.uploadedAt ? dateTime(current.uploadedAt, language) : '',
                  })
                : t('companion.sourceConfig')}
            </Descriptions.Item>
            {current.sha256 ? (
              <Descriptions.Item label={t('companion.sha256')} span={2}>
                <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                  {current.sha256}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">{t('companion.none')}</Typography.Text>
        )}
      </Card>
      <Card title={t('companion.upload')}>
        <Typography.Paragraph type="secondary">
          {t('companion.uploadHint', { limit: megabytes(data?.maxBytes ?? 0), code: lowest })}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" requiredMark={false} style={{ maxWidth: 480 }}>
          <Form.Item label={t('companion.file')}>
            <Upload
              accept=".apk,application/vnd.android.package-archive"
              maxCount={1}
              fileList={files}
              beforeUpload={() => false}
              onChange={({ fileList }) => setFiles(fileList.slice(-1))}
            >
              <Button>{t('companion.choose')}</Button>
            </Upload>
          </Form.Item>
          <Form.Item
            name="version"
            label={t('companion.version')}
            rules={[{ required: true, whitespace: true, max: 32, message: t('companion.versionRule') }]}
          >
            <Input placeholder="1.2.0" maxLength={32} />
          </Form.Item>
          <Form.Item
            name="versionCode"
            label={t('companion.versionCode')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: lowest + 1,
                max: 999_999_999,
                message: t('companion.codeRule', { code: lowest }),
              },
            ]}
          >
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Button type="primary" loading={busy} onClick={submit}>
            {t('companion.submit')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
