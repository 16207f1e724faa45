import { DeleteOutlined, EyeOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Modal, Space, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n-context';
import { uploadImage } from '../../lib/request';

const MAX_IMAGES = 9;

/**
 * The goods' images as a form field (`value`: the URLs in order): upload, preview, remove. The
 * thumbnails are drawn here, so the list is exactly the field's value; a failed upload shows the
 * server's message and adds nothing.
 */
export function GoodsImages({ value = [], onChange }: { value?: string[]; onChange?: (urls: string[]) => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const set = (urls: string[]) => {
    latest.current = urls;
    onChange?.(urls);
  };
  return (
    <div className="merchant-images" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {value.map((url, index) => (
        <figure
          key={`${index}:${url.slice(0, 64)}`}
          data-testid="goods-image"
          style={{ margin: 0, textAlign: 'center' }}
        >
          <img
            src={url}
            alt={t('goods.imageNumber', { n: index + 1 })}
            width={96}
            height={96}
            style={{ objectFit: 'cover', border: '1px solid #f0f0f0', borderRadius: 8, display: 'block' }}
          />
          <Space size={0}>
            <Button
              size="small"
              type="link"
              icon={<EyeOutlined />}
              aria-label={t('goods.preview')}
              onClick={() => setPreview(url)}
            />
            <Button
              size="small"
              type="link"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('goods.removeImage')}
              onClick={() => set(latest.current.filter((item) => item !== url))}
            />
          </Space>
        </figure>
      ))}
      {value.length + uploading >= MAX_IMAGES ? null : (
        <Upload
          accept="image/jpeg,image/png,image/webp"
          listType="picture-card"
          showUploadList={false}
          customRequest={({ file }) => {
            setUploading((count) => count + 1);
            uploadImage(file as Blob)
              .then(
                (url) => set([...latest.current, url]),
                (error: unknown) =>
                  void message.error(t('goods.uploadFailed', { reason: error instanceof Error ? error.message : '' })),
              )
              .finally(() => setUploading((count) => count - 1));
          }}
        >
          <div>
            {uploading > 0 ? <LoadingOutlined /> : <PlusOutlined />}
            <div>{t('goods.upload')}</div>
          </div>
        </Upload>
      )}
      <Modal open={preview !== null} footer={null} onCancel={() => setPreview(null)} title={t('goods.image')}>
        {preview ? <img alt={t('goods.previewImage')} src={preview} style={{ width: '100%' }} /> : null}
      </Modal>
    </div>
  );
}
