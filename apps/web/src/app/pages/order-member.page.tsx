import { listOrders } from '../../features/orders';
import { formatMoney } from '../../lib/format';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listOrders({}, { hideErrors: true, signal });

export default function OrderMemberPage() {
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.items
            .filter((order) => order.kind === 'membership')
            .map((order) => ({ key: order.id, primary: order.title, secondary: formatMoney(order.amount) }))}
        />
      )}
    </RemoteView>
  );
}
