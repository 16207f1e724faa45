import { listNotices } from '@stride/contract';
import { call } from '../../../lib/http';
import type { NoticeSummary } from '@stride/contract';
import { useRef } from 'react';
import { ListStateTips, LoadMoreFooter } from '../../../components/load-more-footer';
import { usePagedList } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { PublishedOn } from './published-on';
import { Overlay } from '../../../components/overlay';

const load = (page: number, signal: AbortSignal) =>
  call(listNotices, { query: { page } }, { hideErrors: true, signal });

/** Every published notice (GET /api/notices), paged as the panel scrolls to its end. */
export function NoticeList({
  onOpen,
  onClose,
}: {
  readonly onOpen: (notice: NoticeSummary) => void;
  readonly onClose: () => void;
}) {
  const { t } = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  const list = usePagedList(load);

  return (
    <Overlay
      title={t('home.notices')}
      closeLabel={t('notices.close')}
      bodyClassName="notice-overlay__body"
      onClose={onClose}
    >
      <div ref={scroller} className="notice-list__scroller">
        <ListStateTips list={list} emptyMessage={t('notices.none')} />
        {list.items.length > 0 ? (
          <ul className="list" aria-label={t('home.notices')}>
            {list.items.map((notice) => (
              <li key={notice.id}>
                <button type="button" className="list__item list__item--button" onClick={() => onOpen(notice)}>
                  <span>{notice.title}</span>
                  <PublishedOn at={notice.publishedAt} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <LoadMoreFooter list={list} target={scroller} />
      </div>
    </Overlay>
  );
}
