import type { Goods } from '@stride/contract';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';

export interface GoodsGridProps {
  readonly goods: readonly Goods[];
  readonly onOpen: (goods: Goods) => void;
}

/**
 * The tiles whose pictures load at once: the first two rows on a phone, which are on the screen
 * when the mall opens. The first picture is usually the page's largest paint, so it also goes first
 * in the browser's queue; the rest load as they scroll near (docs/performance.md, Lighthouse).
 */
export const EAGER_TILES = 4;

/** Two columns on a phone, more on a wide screen; each tile opens the goods' detail. */
export function GoodsGrid({ goods, onOpen }: GoodsGridProps) {
  const { t } = useI18n();
  return (
    <ul className="goods-grid" aria-label={t('shop.goods')}>
      {goods.map((item, index) => (
        <li key={item.id}>
          <button type="button" className="goods-tile" onClick={() => onOpen(item)}>
            {item.images[0] ? (
              <img
                className="goods-tile__image"
                src={item.images[0]}
                alt=""
                loading={index < EAGER_TILES ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
            ) : (
              <span className="goods-tile__image" aria-hidden="true" />
            )}
            <span className="goods-tile__name">{item.name}</span>
            <span className="goods-tile__points">{t('page.points', { points: formatNumber(item.points) })}</span>
            {item.stock <= 0 ? <span className="badge badge--muted">{t('shop.soldOut')}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
