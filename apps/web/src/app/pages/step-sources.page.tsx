import { postDeviceSteps, type DeviceToken, type StepConnection } from '@stride/contract';
import { ConnectionSection, ImportSection, StepSourcesCard, TokenSection } from '../../features/step-sources';
import { useI18n } from '../../lib/i18n';
import type { PageProps } from '../page-props';
import '../../features/step-sources/step-sources.css';

/** Where a step-source token posts: the server that serves this app. */
function deviceStepsAddress(): string {
  return `${window.location.origin}${postDeviceSteps.path}`;
}

/**
 * Step sources (docs/product/step-sources.md): connected wearable accounts first (the easiest way
 * for most walkers), the in-app counter, tokens that may only post steps (a watch, a companion
 * app, an iOS Shortcut), and health exports that fill history. A provider's redirect comes back
 * here with its answer in the query.
 */
export default function StepSourcesPage({ query }: PageProps) {
  const { t } = useI18n();
  const confirmRevoke = async (token: DeviceToken) => {
    const { dialogs } = await import('../dialogs');
    return dialogs.confirm(t('stepSources.revokeConfirm', { name: token.name }), t('stepSources.revoke'));
  };
  const confirmDisconnect = async (connection: StepConnection, provider: string) => {
    const { dialogs } = await import('../dialogs');
    return dialogs.confirm(
      t('stepSources.disconnectConfirm', { name: connection.accountName, provider }),
      t('stepSources.disconnect'),
    );
  };
  return (
    <>
      <ConnectionSection query={query} confirmDisconnect={confirmDisconnect} />
      <StepSourcesCard
        titleId="step-counter-title"
        title={t('stepSources.counterTitle')}
        className="step-sources__counter"
      >
        <p>{t('stepSources.counterText')}</p>
      </StepSourcesCard>
      <TokenSection address={deviceStepsAddress()} confirmRevoke={confirmRevoke} />
      <ImportSection />
    </>
  );
}
