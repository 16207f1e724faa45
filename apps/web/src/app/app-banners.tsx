import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useI18n } from '../lib/i18n';
import type { Connectivity } from '../lib/connectivity';
import { connectivity as appConnectivity } from './connectivity';
import { updates as appUpdates, type UpdateStore } from './app-update';
import './app-banners.css';

/**
 * The app-wide states of docs/product/client.md, Install, offline and updates: the offline banner
 * under the navigation bar while the browser or the API is out of reach, and "a new version is
 * ready" with Reload while a new service worker waits.
 */
export function AppBanners({
  connectivity = appConnectivity,
  updates = appUpdates,
}: {
  readonly connectivity?: Pick<Connectivity, 'subscribe' | 'isOffline'>;
  readonly updates?: Pick<UpdateStore, 'subscribe' | 'isReady' | 'apply'>;
}) {
  const { t } = useI18n();
  const offline = useSyncExternalStore(connectivity.subscribe, connectivity.isOffline);
  const updateReady = useSyncExternalStore(updates.subscribe, updates.isReady);
  const offlineBanner = useOfflineBannerSpace(offline);
  return (
    <>
      <div ref={offlineBanner} className="offline-banner" role="status" aria-live="polite" hidden={!offline}>
        {offline ? t('offline.banner') : null}
      </div>
      {updateReady ? (
        <div className="update-banner" role="alert">
          <span className="update-banner__text">{t('update.ready')}</span>
          <button type="button" className="update-banner__reload" onClick={updates.apply}>
            {t('update.reload')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * Pages move down by the banner's height while it shows (`--offline-banner-height`), so it covers
 * none of their content; the height follows the text's wrapping in each language and width.
 */
function useOfflineBannerSpace(offline: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = ref.current;
    const measure = () =>
      root.style.setProperty('--offline-banner-height', `${offline ? (element?.offsetHeight ?? 0) : 0}px`);
    measure();
    if (!offline || !element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [offline]);
  return ref;
}
