import { useEffect, useState } from 'react';
import {
  MotionPermission,
  SENSOR_TEXT,
  STEP_LENGTH_M,
  SyncStatus,
  isWalking,
  stepCounter,
  useStepCounter,
  useWakeLock,
  walkDistanceM,
  walkElapsedMs,
  type Walk,
  type WakeLockState,
} from '../../features/walking';
import '../../features/walking/components/walk.css';
import { usePageActive } from '../../hooks';
import { formatNumber } from '../../lib/format';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { goBack } from '../../lib/navigation';
import { CardSection } from '../../components/card-section';

const WAKE_TEXT: Record<WakeLockState, MessageKey | null> = {
  on: 'walk.mode.awake',
  off: null,
  unsupported: 'walk.mode.noWakeLock',
  refused: 'walk.mode.noWakeLock',
};

const pad = (value: number) => String(value).padStart(2, '0');

/** `H:MM:SS`, or `MM:SS` under an hour. */
function formatElapsed(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const clock = `${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return hours > 0 ? `${hours}:${clock}` : clock;
}

/** The clock, ticking every second while `isTicking`. */
function useNow(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
}

function Figures({ walk, now }: { walk: Walk; now: number }) {
  const { t, language } = useI18n();
  const km = (walkDistanceM(walk.steps) / 1000).toFixed(2);
  return (
    <dl className="walk__figures">
      <div>
        <dt>{t('walk.mode.steps')}</dt>
        <dd data-testid="walk-steps">{formatNumber(walk.steps, language)}</dd>
      </div>
      <div>
        <dt>{t('walk.mode.time')}</dt>
        <dd data-testid="walk-time">{formatElapsed(walkElapsedMs(walk, now))}</dd>
      </div>
      <div>
        <dt>{t('walk.mode.distance')}</dt>
        <dd data-testid="walk-distance">{t('walk.mode.km', { km })}</dd>
      </div>
    </dl>
  );
}

/** Walk mode (docs/product/client.md, Step counter): live steps, time and distance, the screen kept on. */
export default function WalkPage() {
  const { t } = useI18n();
  const counter = useStepCounter();
  const isActive = usePageActive();
  const { walk } = counter;
  const isOpen = isWalking(walk);
  const wake = useWakeLock(isOpen && isActive);
  const now = useNow(isOpen && isActive);
  const wakeText = isOpen ? WAKE_TEXT[wake] : null;

  return (
    <div className="walk">
      <p className="walk__status" role="status">
        {t(SENSOR_TEXT[counter.status])}
      </p>
      <SyncStatus view={counter} className="walk__status" />
      <MotionPermission view={counter} store={stepCounter} />

      {walk && isOpen ? (
        <section className="card" aria-label={t('title.walk')}>
          <Figures walk={walk} now={now} />
          {wakeText ? <p className="hint walk__note">{t(wakeText)}</p> : null}
          <div className="walk__actions">
            <button type="button" className="button button--block" onClick={() => stepCounter.endWalk()}>
              {t('walk.mode.end')}
            </button>
          </div>
        </section>
      ) : walk ? (
        <CardSection titleId="walk-summary" title={t('walk.mode.summary')} titleClassName="home-section__title">
          <Figures walk={walk} now={now} />
          {walk.endReason === 'idle' ? <p className="hint walk__note">{t('walk.mode.endedIdle')}</p> : null}
          {walk.endReason === 'midnight' ? <p className="hint walk__note">{t('walk.mode.endedMidnight')}</p> : null}
          <div className="walk__actions">
            <button type="button" className="button button--block" onClick={() => stepCounter.startWalk()}>
              {t('walk.mode.again')}
            </button>
            <button
              type="button"
              className="button button--ghost button--block"
              onClick={() => {
                stepCounter.clearWalk();
                goBack();
              }}
            >
              {t('walk.mode.done')}
            </button>
          </div>
        </CardSection>
      ) : (
        <section className="card">
          <p className="walk__note">{t('walk.mode.intro')}</p>
          <div className="walk__actions">
            <button type="button" className="button button--block" onClick={() => stepCounter.startWalk()}>
              {t('walk.mode.begin')}
            </button>
          </div>
        </section>
      )}
      <p className="hint walk__note">{t('walk.mode.distanceNote', { length: String(STEP_LENGTH_M) })}</p>
    </div>
  );
}
