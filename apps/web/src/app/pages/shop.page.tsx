import { listGoods } from '@stride/contract';
import type { Goods, GoodsCategory } from '@stride/contract';
import { useCallback, useState } from 'react';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { showToast } from '../../components/toast';
import { ListStateTips, LoadMoreFooter } from '../../components/load-more-footer';
import { usePagedList } from '../../hooks';
import { useAddresses } from '../../features/addresses';
import { useHome } from '../../features/home';
import { createRetryKey, call } from '../../lib/http';
import { GoodsDetail, GoodsGrid, OrderForm } from '../../features/shop';
import { formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import '../../features/shop/shop.css';

/** Points available and the user's addresses, then the order form; loaded when a detail opens. */
function Ordering({ goods, points, onOrdered }: { goods: Goods; points: number; onOrdered: () => void }) {
  const { t } = useI18n();
  const { state, retry } = useAddresses();
  // One key per order attempt, kept while the detail is open so a retry after a lost answer reuses it.
  const [retryKey] = useState(createRetryKey);
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  return (
    <OrderForm
      goods={goods}
      availablePoints={points}
      addresses={state.data}
      retryKey={retryKey}
      onAddAddress={() => go(PATHS.addressEdit)}
      onOrdered={() => {
        void showToast(t('shop.ordered'));
        onOrdered();
      }}
    />
  );
}

/** Mall tab (GET /api/goods): categories, a goods grid paged at the bottom, detail and ordering. */
export default function ShopPage() {
  const { t } = useI18n();
  const home = useHome({ refreshOnShow: true });
  const [categoryId, setCategoryId] = useState<string | undefined>(undefined);
  const [categories, setCategories] = useState<readonly GoodsCategory[]>([]);
  const [selected, setSelected] = useState<Goods | undefined>(undefined);
  const load = useCallback(
    (page: number, signal: AbortSignal) =>
      call(listGoods, { query: { page, ...(categoryId ? { categoryId } : {}) } }, { hideErrors: true, signal }).then(
        (answer) => {
          setCategories(answer.categories);
          return answer;
        },
      ),
    [categoryId],
  );
  const list = usePagedList(load);
  const points = home.state.status === 'ready' ? home.state.data.points : undefined;

  const refresh = () => {
    list.reload();
    home.refresh();
  };

  return (
    <PullToRefresh onRefresh={refresh}>
      {/* Its line is kept while the points load, so the goods below do not move when they arrive. */}
      {points === undefined ? (
        <p className="shop-points" aria-hidden="true" />
      ) : (
        <p className="shop-points" data-testid="shop-points">
          {t('shop.myPoints', { points: formatNumber(points) })}
        </p>
      )}
      {categories.length > 0 ? (
        <div className="shop-categories" role="group" aria-label={t('shop.categories')}>
          {[{ id: '', name: t('shop.all') }, ...categories].map((category) => (
            <button
              key={category.id}
              type="button"
              className="shop-category"
              aria-pressed={(categoryId ?? '') === category.id}
              onClick={() => setCategoryId(category.id || undefined)}
            >
              {category.name}
            </button>
          ))}
        </div>
      ) : null}
      <ListStateTips list={list} emptyMessage={t('shop.none')} />
      {list.status === 'ready' && list.items.length > 0 ? <GoodsGrid goods={list.items} onOpen={setSelected} /> : null}
      <LoadMoreFooter list={list} />
      {/* The detail owns a history entry: back closes it; it hides while another page is on top. */}
      {selected ? (
        <GoodsDetail goods={selected} onClose={() => setSelected(undefined)}>
          {points === undefined ? (
            home.state.status === 'error' ? (
              <StatusTip status="error" message={home.state.message} onRetry={home.retry} />
            ) : (
              <StatusTip status="loading" />
            )
          ) : (
            <Ordering
              goods={selected}
              points={points}
              onOrdered={() => {
                setSelected(undefined);
                refresh();
                go(PATHS.orderShop);
              }}
            />
          )}
        </GoodsDetail>
      ) : null}
    </PullToRefresh>
  );
}
