import type { PushPreferences } from '@stride/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { StatusTip } from '../../../components/status-tip';
import { useRemote, useSubmit } from '../../../hooks';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { loadPreferences, loadPushKey, removeSubscription, savePreferences, saveSubscription } from '../api/push';
import {
  currentSubscription,
  needsHomeScreen,
  pushAvailability,
  PushUnavailableError,
  subscribeDevice,
  subscriptionBody,
  type PushAvailability,
} from '../browser';
import '../push.css';
import { FormError } from '../../../components/form-error';
import { CardSection } from '../../../components/card-section';

const REASON_TEXT: Record<'unsupported' | 'denied' | 'unavailable', MessageKey> = {
  unsupported: 'push.unsupported',
  denied: 'push.denied',
  unavailable: 'push.unavailable',
};

const loadSettings = (signal: AbortSignal) => loadPreferences({ signal });

function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Push notifications on this device (decision 048 "Web Push"): on asks the browser's permission and
 * subscribes; off removes this device's subscription and stops pushes to every device; the daily
 * goal reminder at a time of the user's day, in this device's time zone.
 */
export function PushSettings() {
  const { t } = useI18n();
  const id = useId();
  const { state, retry, update } = useRemote(loadSettings);
  const [availability, setAvailability] = useState<PushAvailability>(() => pushAvailability());
  const [problem, setProblem] = useState<'unsupported' | 'denied' | 'unavailable' | undefined>(undefined);
  const [hasDevice, setHasDevice] = useState(false);
  const [reminder, setReminder] = useState<{ on: boolean; time: string } | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  const switching = useSubmit();
  const saving = useSubmit();
  const timeZone = localTimeZone();
  // iOS Safari outside the home screen app has no Push API: say how to get there instead.
  const [homeScreenFirst] = useState(() => needsHomeScreen());

  const checkDevice = useCallback(() => {
    currentSubscription().then(
      (subscription) => setHasDevice(subscription !== null),
      () => setHasDevice(false),
    );
  }, []);
  useEffect(checkDevice, [checkDevice]);

  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const preferences = state.data;
  const isOn = preferences.enabled && hasDevice;
  const draft = reminder ?? { on: preferences.reminder, time: preferences.reminderTime };
  const shown =
    problem ??
    ((availability === 'unsupported' && !homeScreenFirst) || availability === 'denied' ? availability : undefined);

  const store = async (next: PushPreferences) => {
    const answer = await savePreferences(next);
    update(() => answer);
    return answer;
  };

  const turnOn = () =>
    switching.run(
      async () => {
        setProblem(undefined);
        const { publicKey } = await loadPushKey();
        const subscription = await subscribeDevice(publicKey);
        await saveSubscription(subscriptionBody(subscription));
        await store({ ...preferences, enabled: true, timeZone });
        setHasDevice(true);
      },
      (cause) => {
        if (cause instanceof PushUnavailableError) {
          setProblem(cause.reason);
          switching.setError(undefined);
        }
        setAvailability(pushAvailability());
      },
    );

  const turnOff = () =>
    switching.run(async () => {
      const subscription = await currentSubscription();
      if (subscription) {
        await removeSubscription(subscription.endpoint);
        await subscription.unsubscribe().catch(() => false);
      }
      await store({ ...preferences, enabled: false });
      setHasDevice(false);
    });

  const saveReminder = () =>
    saving.run(async () => {
      setSaved(false);
      await store({ ...preferences, reminder: draft.on, reminderTime: draft.time, timeZone });
      setReminder(undefined);
      setSaved(true);
    });

  return (
    <>
      <CardSection
        titleId={`${id}-push`}
        title={t('push.deviceTitle')}
        titleClassName="push-settings__title"
        className="push-settings"
      >
        <p>{t('push.intro')}</p>
        {homeScreenFirst ? (
          <p className="push-settings__problem" role="note" data-testid="push-home-screen">
            {t('push.homeScreenFirst')}
          </p>
        ) : null}
        {shown ? (
          <p className="push-settings__problem" role="alert" data-testid="push-problem">
            {t(REASON_TEXT[shown])}
          </p>
        ) : null}
        <p role="status" data-testid="push-state">
          {isOn ? t('push.stateOn') : t('push.stateOff')}
        </p>
        {isOn ? (
          <button
            type="button"
            className="button button--block button--ghost"
            disabled={switching.isBusy}
            onClick={() => void turnOff()}
          >
            {t('push.turnOff')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--block"
            disabled={switching.isBusy || availability === 'unsupported' || availability === 'denied'}
            onClick={() => void turnOn()}
          >
            {switching.isBusy ? t('push.turningOn') : t('push.turnOn')}
          </button>
        )}
        <FormError message={switching.error} />
        <p className="list__secondary">{t('push.offNote')}</p>
      </CardSection>
      <CardSection
        titleId={`${id}-reminder`}
        title={t('push.reminderTitle')}
        titleClassName="push-settings__title"
        className="push-settings"
      >
        <p>{t('push.reminderText')}</p>
        <div className="push-settings__check">
          <input
            id={`${id}-reminder-on`}
            type="checkbox"
            checked={draft.on}
            onChange={(event) => {
              setSaved(false);
              setReminder({ ...draft, on: event.target.checked });
            }}
          />
          <label htmlFor={`${id}-reminder-on`}>{t('push.reminderOn')}</label>
        </div>
        <div className="field">
          <label htmlFor={`${id}-reminder-time`}>{t('push.reminderTime')}</label>
          <input
            id={`${id}-reminder-time`}
            type="time"
            className="input"
            value={draft.time}
            required
            onChange={(event) => {
              setSaved(false);
              setReminder({ ...draft, time: event.target.value.slice(0, 5) });
            }}
          />
          <p className="list__secondary">{t('push.timeZone', { zone: timeZone })}</p>
        </div>
        <button
          type="button"
          className="button button--block"
          disabled={saving.isBusy}
          onClick={() => void saveReminder()}
        >
          {t('push.saveReminder')}
        </button>
        <FormError message={saving.error} />
        {saved ? <p role="status">{t('push.reminderSaved')}</p> : null}
      </CardSection>
    </>
  );
}
