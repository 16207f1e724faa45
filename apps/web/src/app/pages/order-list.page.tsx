import { listOrders } from '../../features/orders';
import { formatTime } from '../../lib/format';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listOrders({}, { hideErrors: true, signal });

export default function OrderListPage() {
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.items.map((order) => ({
            key: order.id,
            primary: order.title,
            secondary: formatTime(order.createdAt),
          }))}
        />
      )}
    </RemoteView>
  );
}
