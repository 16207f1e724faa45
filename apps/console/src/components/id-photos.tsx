import { consoleIdentityImage, type IdentityImageKind } from '@stride/contract';
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useI18n } from '../lib/i18n-context';
import { fetchImage } from '../lib/image';

interface Loaded {
  kind: IdentityImageKind;
  url: string | null;
}

/**
 * Thumbnails of a pending check's private images, a larger preview on click. The bytes come with
 * the console cookie and are shown through object URLs, revoked when the row goes away; every
 * fetch is a look the server records.
 */
export function IdPhotos({ userId, kinds }: { userId: string; kinds: readonly IdentityImageKind[] }) {
  const { t, language } = useI18n();
  const [loaded, setLoaded] = useState<Loaded[]>([]);
  const [open, setOpen] = useState<Loaded | null>(null);
  const wanted = kinds.join(',');

  useEffect(() => {
    let live = true;
    const urls: string[] = [];
    const list = wanted.split(',') as IdentityImageKind[];
    void Promise.all(
      list.map((kind) =>
        fetchImage(consoleIdentityImage, { userId, kind }, language).then(
          (url) => {
            urls.push(url);
            return { kind, url };
          },
          () => ({ kind, url: null }),
        ),
      ),
    ).then((items) => {
      if (live) setLoaded(items);
      else for (const url of urls) URL.revokeObjectURL(url);
    });
    return () => {
      live = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [userId, wanted, language]);

  const label = (kind: IdentityImageKind) => t(`photos.${kind}`);
  return (
    <>
      <div className="console-thumbs">
        {loaded.map((item) =>
          item.url ? (
            <button
              key={item.kind}
              type="button"
              className="console-thumb"
              aria-label={t('photos.open', { name: label(item.kind) })}
              onClick={() => setOpen(item)}
            >
              <img src={item.url} alt={label(item.kind)} data-testid={`photo-${item.kind}`} />
            </button>
          ) : (
            <span key={item.kind} className="console-thumb" role="img" aria-label={label(item.kind)}>
              {t('photos.failed')}
            </span>
          ),
        )}
      </div>
      <Modal
        open={open !== null}
        title={open ? label(open.kind) : ''}
        footer={null}
        width={720}
        onCancel={() => setOpen(null)}
      >
        {open?.url ? <img className="console-preview" src={open.url} alt={label(open.kind)} /> : null}
      </Modal>
    </>
  );
}
