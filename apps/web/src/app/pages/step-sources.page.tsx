import { postDeviceSteps, type DeviceToken } from '@stride/contract';
import { ImportSection, TokenSection } from '../../features/step-sources';
import { useI18n } from '../../lib/i18n';
import '../../features/step-sources/step-sources.css';

/** Where a step-source token posts: the server that serves this app. */
function deviceStepsAddress(): string {
  return `${window.location.origin}${postDeviceSteps.path}`;
}

/**
 * Step sources (docs/product/step-sources.md): the in-app counter, tokens that may only post
 * steps (a watch, a companion app, an iOS Shortcut), and health exports that fill history.
 */
export default function StepSourcesPage() {
  const { t } = useI18n();
  const confirmRevoke = async (token: DeviceToken) => {
    const { dialogs } = await import('../dialogs');
    return dialogs.confirm(t('stepSources.revokeConfirm', { name: token.name }), t('stepSources.revoke'));
  };
  return (
    <>
      <section className="card step-sources step-sources__counter" aria-labelledby="step-counter-title">
        <h2 id="step-counter-title" className="step-sources__title">
          {t('stepSources.counterTitle')}
        </h2>
        <p>{t('stepSources.counterText')}</p>
        <p className="list__secondary">{t('stepSources.highestText')}</p>
      </section>
      <TokenSection address={deviceStepsAddress()} confirmRevoke={confirmRevoke} />
      <ImportSection />
    </>
  );
}
