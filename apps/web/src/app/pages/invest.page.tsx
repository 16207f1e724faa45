import { listCardPlans } from '../../features/cards';
import { formatMoney } from '../../lib/format';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listCardPlans({ hideErrors: true, signal });

export default function InvestPage() {
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.map((plan) => ({ key: plan.id, primary: plan.name, secondary: formatMoney(plan.price) }))}
        />
      )}
    </RemoteView>
  );
}
