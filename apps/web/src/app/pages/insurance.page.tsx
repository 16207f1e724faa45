import { listPolicies } from '../../features/cards';
import { formatDate, formatMoney } from '../../lib/format';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listPolicies({}, { hideErrors: true, signal });

export default function InsurancePage() {
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.map((policy) => ({
            key: policy.id,
            primary: policy.policyNumber ?? formatDate(policy.startsOn),
            secondary: formatMoney(policy.coverage),
          }))}
        />
      )}
    </RemoteView>
  );
}
