import { formatNumber, formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import type { StepCounterView } from '../step-store';

/** When the counter last synced, and what still waits on the device (docs/product/client.md, Step counter). */
export function SyncStatus({ view, className }: { readonly view: StepCounterView; readonly className?: string }) {
  const { t } = useI18n();
  const synced = view.syncedAt === null ? t('walk.sync.never') : t('walk.sync.at', { time: formatTime(view.syncedAt) });
  return (
    <p className={className} data-testid="step-sync">
      {synced}
      {view.pendingSteps > 0 ? ` · ${t('walk.sync.pending', { steps: formatNumber(view.pendingSteps) })}` : ''}
    </p>
  );
}
