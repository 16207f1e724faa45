import type { StepSyncHealth } from '@stride/contract';
import { Tag, Typography } from 'antd';
import { count } from '../lib/format';
import { useI18n } from '../lib/i18n-context';
import type { ConsoleLanguage, Translate } from '../locales';

// The dashboard's step sync panel (docs/product/step-sources.md, Connected accounts; decision
// 086): per provider, what syncs, how the last 24 hours went and how late syncing runs.

/** Lag past due beyond this (15 minutes) asks for attention, as a failing connection does. */
export const LAG_WARNING_SECONDS = 15 * 60;

/** The lag as an operator says it: on time, under a minute, minutes, hours and minutes, days and hours. */
export function lagText(t: Translate, language: ConsoleLanguage, seconds: number): string {
  if (seconds <= 0) return t('stepSync.onTime');
  if (seconds < 60) return t('stepSync.lateSeconds');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('stepSync.lateMinutes', { minutes: count(minutes, language) });
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return t('stepSync.lateHours', { hours: count(hours, language), minutes: count(minutes % 60, language) });
  return t('stepSync.lateDays', { days: count(Math.floor(hours / 24), language), hours: count(hours % 24, language) });
}

export function needsAttention(health: StepSyncHealth): boolean {
  return health.failing > 0 || health.lagSeconds > LAG_WARNING_SECONDS;
}

/** One block per provider; a provider this server is not configured for says so. */
export function StepSyncPanel({ health }: { health: readonly StepSyncHealth[] }) {
  const { t, language } = useI18n();
  const number = (value: number) => count(value, language);
  return (
    <section data-testid="step-sync">
      <h2 className="console-section-title">{t('stepSync.title')}</h2>
      <Typography.Paragraph type="secondary">{t('stepSync.intro')}</Typography.Paragraph>
      <div className="console-step-sync">
        {health.map((row) => {
          const warning = needsAttention(row);
          const name = t(`stepSources.provider.${row.provider}`);
          return (
            <div
              key={row.provider}
              className={`console-step-sync-provider${warning ? ' is-warning' : ''}`}
              data-testid={`step-sync-${row.provider}`}
              role="group"
              aria-label={name}
            >
              <div className="console-step-sync-head">
                <strong>{name}</strong>
                {!row.configured ? <Tag>{t('stepSync.notConfigured')}</Tag> : null}
                {warning ? <Tag color="warning">{t('stepSync.attention')}</Tag> : null}
              </div>
              <dl className="console-step-sync-figures">
                <div>
                  <dt>{t('stepSync.active')}</dt>
                  <dd data-testid={`step-sync-${row.provider}-active`}>{number(row.active)}</dd>
                </div>
                <div>
                  <dt>{t('stepSync.revoked')}</dt>
                  <dd data-testid={`step-sync-${row.provider}-revoked`}>{number(row.revoked)}</dd>
                </div>
                <div className={row.failing > 0 ? 'is-warning' : undefined}>
                  <dt>{t('stepSync.failing')}</dt>
                  <dd data-testid={`step-sync-${row.provider}-failing`}>{number(row.failing)}</dd>
                </div>
                <div>
                  <dt>{t('stepSync.last24h')}</dt>
                  <dd data-testid={`step-sync-${row.provider}-last24h`}>
                    {t('stepSync.last24hFigures', {
                      ok: number(row.last24h.ok),
                      errors: number(row.last24h.errors),
                      rateLimited: number(row.last24h.rateLimited),
                    })}
                  </dd>
                </div>
                <div className={row.lagSeconds > LAG_WARNING_SECONDS ? 'is-warning' : undefined}>
                  <dt>{t('stepSync.lag')}</dt>
                  <dd data-testid={`step-sync-${row.provider}-lag`}>{lagText(t, language, row.lagSeconds)}</dd>
                </div>
              </dl>
            </div>
          );
        })}
      </div>
    </section>
  );
}
