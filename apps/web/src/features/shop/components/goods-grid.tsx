import type { Goods } from '@stride/contract';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';

export interface GoodsGridProps {
  readonly goods: readonly Goods[];
  readonly onOpen: (goods: Goods) => void;
}

/** Two columns on a phone, more on a wide screen; each tile opens the goods' detail. */
export function GoodsGrid({ goods, onOpen }: GoodsGridProps) {
  const { t } = useI18n();
  return (
    <ul className="goods-grid" aria-label={t('shop.goods')}>
      {goods.map((item) => (
        <li key={item.id}>
          <button type="button" className="goods-tile" onClick={() => onOpen(item)}>
            {item.images[0] ? (
              <img className="goods-tile__image" src={item.images[0]} alt="" loading="lazy" />
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
