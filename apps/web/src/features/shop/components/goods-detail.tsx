import type { Goods } from '@stride/contract';
import { useState, type ReactNode } from 'react';
import { ImagePreview } from '../../../components/image-preview';
import { Swiper } from '../../../components/swiper';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { Overlay } from '../../../components/overlay';

export interface GoodsDetailProps {
  readonly goods: Goods;
  readonly onClose: () => void;
  /** The ordering part (the page composes it: it knows the points and the addresses). */
  readonly children: ReactNode;
}

/** The goods' pictures (tap to zoom up to 4x), description and the order form, over the grid. */
export function GoodsDetail({ goods, onClose, children }: GoodsDetailProps) {
  const { t } = useI18n();
  const [preview, setPreview] = useState<number | undefined>(undefined);
  return (
    <Overlay title={goods.name} closeLabel={t('shop.close')} onClose={onClose}>
      {goods.images.length > 0 ? (
        <div className="goods-detail__images">
          <Swiper label={t('shop.images', { name: goods.name })} autoplay={false}>
            {goods.images.map((image, index) => (
              <button
                key={image}
                type="button"
                className="goods-detail__image-button"
                aria-label={t('shop.zoom', { index: index + 1 })}
                onClick={() => setPreview(index)}
              >
                <img className="goods-detail__image" src={image} alt="" />
              </button>
            ))}
          </Swiper>
        </div>
      ) : null}
      <div className="card goods-detail__info">
        <p className="goods-detail__points">{t('page.points', { points: formatNumber(goods.points) })}</p>
        <p className="hint">{t('page.stock', { stock: formatNumber(goods.stock) })}</p>
        <p className="goods-detail__description">{goods.description}</p>
      </div>
      <div className="card">{children}</div>
      <ImagePreview
        images={goods.images}
        visible={preview !== undefined}
        defaultIndex={preview ?? 0}
        onClose={() => setPreview(undefined)}
      />
    </Overlay>
  );
}
