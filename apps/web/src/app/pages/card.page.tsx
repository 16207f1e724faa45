import { listMyCards } from '../../features/cards';
import { useI18n } from '../../lib/i18n';
import { RemoteView, SimpleList } from '../remote-view';

const load = (signal: AbortSignal) => listMyCards({ hideErrors: true, signal });

export default function CardPage() {
  const { t } = useI18n();
  return (
    <RemoteView load={load}>
      {(data) => (
        <SimpleList
          rows={data.map((card) => ({
            key: card.id,
            primary: card.plan.name,
            secondary: t('page.daysLeft', { days: card.daysLeft }),
          }))}
        />
      )}
    </RemoteView>
  );
}
