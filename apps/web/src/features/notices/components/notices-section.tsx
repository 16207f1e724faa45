import type { NoticeSummary } from '@stride/contract';
import { useState } from 'react';
import { PublishedOn } from './published-on';
import { useI18n } from '../../../lib/i18n';
import { NoticeDetail } from './notice-detail';
import { NoticeList } from './notice-list';

/**
 * The latest notices on home, each opening full screen, and "More" for all of them. No route of its
 * own (docs/product/client.md lists none for notices): both views are panels over home.
 */
export function NoticesSection({ latest }: { readonly latest: readonly NoticeSummary[] }) {
  const { t } = useI18n();
  const [isListOpen, setListOpen] = useState(false);
  const [open, setOpen] = useState<NoticeSummary | undefined>(undefined);
  if (latest.length === 0) return null;
  return (
    <section className="card" aria-labelledby="home-notices-title">
      <div className="notices__head">
        <h2 id="home-notices-title" className="home-section__title">
          {t('home.notices')}
        </h2>
        <button type="button" className="link" aria-label={t('notices.more')} onClick={() => setListOpen(true)}>
          {t('notices.moreShort')}
        </button>
      </div>
      <ul className="notices__list">
        {latest.map((notice) => (
          <li key={notice.id}>
            <button type="button" className="notices__item" onClick={() => setOpen(notice)}>
              <span className="notices__title">{notice.title}</span>
              <PublishedOn at={notice.publishedAt} />
            </button>
          </li>
        ))}
      </ul>
      {/* Panels own a history entry each (back closes the one opened last) and hide while another
          page is on top. */}
      {isListOpen ? <NoticeList onOpen={setOpen} onClose={() => setListOpen(false)} /> : null}
      {open ? <NoticeDetail notice={open} onClose={() => setOpen(undefined)} /> : null}
    </section>
  );
}
