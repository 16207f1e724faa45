import { consoleMe, consoleUploadImage, type ConsoleImage, type Envelope } from '@stride/contract';
import { CODES } from '@stride/contract/codes';
import { PlusOutlined } from '@ant-design/icons';
import { App, Modal, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n-context';
import { call } from '../../lib/request';

const MAX_IMAGES = 9;

/**
 * Posts one image to the console's catalogue upload (multipart field `file`, the session's CSRF
 * token) and answers its public URL. The token comes from `me`, as the session keeps it.
 */
async function upload(file: Blob, language: string): Promise<string> {
  const me = await call(consoleMe, {});
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(consoleUploadImage.path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'x-csrf-token': me.csrfToken, 'accept-language': language, accept: 'application/json' },
    body: form,
  });
  const envelope = (await response.json().catch(() => null)) as Envelope<ConsoleImage> | null;
  if (!envelope || envelope.code !== CODES.OK || !envelope.data) {
    throw new Error(envelope?.message ?? `HTTP ${response.status}`);
  }
  return envelope.data.url;
}

const toFile = (url: string, index: number): UploadFile => ({
  uid: `${index}:${url.slice(0, 64)}`,
  name: url.startsWith('data:') ? `image-${index + 1}` : (url.split('/').pop() ?? url),
  status: 'done',
  url,
});

/**
 * The goods' images as a form field (`value`: the URLs in order): upload, preview, remove. Only
 * uploaded images (or the ones already set) are kept; a failed upload shows the server's message.
 */
export function GoodsImages({ value = [], onChange }: { value?: string[]; onChange?: (urls: string[]) => void }) {
  const { t, language } = useI18n();
  const { message } = App.useApp();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const files = [...value.map(toFile), ...pending];
  return (
    <>
      <Upload
        accept="image/jpeg,image/png,image/webp"
        listType="picture-card"
        fileList={files}
        onPreview={(file) => setPreview(file.url ?? null)}
        onRemove={(file) => {
          if (file.url) onChange?.(value.filter((url) => url !== file.url));
          return true;
        }}
        customRequest={({ file }) => {
          const blob = file as Blob & { uid: string; name?: string };
          const entry: UploadFile = { uid: blob.uid, name: blob.name ?? 'image', status: 'uploading' };
          setPending((list) => [...list, entry]);
          upload(blob, language).then(
            (url) => {
              setPending((list) => list.filter((item) => item.uid !== entry.uid));
              onChange?.([...value, url]);
            },
            (error: unknown) => {
              setPending((list) => list.filter((item) => item.uid !== entry.uid));
              void message.error(t('goods.uploadFailed', { reason: error instanceof Error ? error.message : '' }));
            },
          );
        }}
      >
        {files.length >= MAX_IMAGES ? null : (
          <button
            type="button"
            style={{ border: 0, background: 'none', cursor: 'pointer' }}
            aria-label={t('goods.upload')}
          >
            <PlusOutlined />
            <div>{t('goods.upload')}</div>
          </button>
        )}
      </Upload>
      <Modal open={preview !== null} footer={null} onCancel={() => setPreview(null)} title={t('goods.image')}>
        {preview ? <img alt={t('goods.image')} src={preview} style={{ width: '100%' }} /> : null}
      </Modal>
    </>
  );
}
