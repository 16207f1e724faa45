import type { Appeal, AppealStatus } from '@stride/contract';
import { formatZonedTime } from '../../../lib/format';
import { useI18n, type MessageKey } from '../../../lib/i18n';

const STATUS: Readonly<Record<AppealStatus, { text: MessageKey; badge: string }>> = {
  open: { text: 'appeals.status.open', badge: 'badge badge--warn' },
  granted: { text: 'appeals.status.granted', badge: 'badge badge--good' },
  refused: { text: 'appeals.status.refused', badge: 'badge badge--muted' },
};

export interface AppealCardProps {
  readonly appeal: Appeal;
  /** The appeal's subject in words (the day, or "your report"). */
  readonly title: string;
  /** Opens what was appealed (a day's receipt); none for a report. */
  readonly onOpen?: (() => void) | undefined;
}

/**
 * One appeal as its author follows it (docs/product/appeals.md): what was sent, when the decision is due (or that it
 * is late), and the decision with its reason in the user's language and the reviewer's own words.
 */
export function AppealCard({ appeal, title, onOpen }: AppealCardProps) {
  const { t, language } = useI18n();
  const time = (value: string) => formatZonedTime(value, language);
  const status = STATUS[appeal.status];
  const late = appeal.overdue;
  return (
    <article className="card appeal-card" data-testid="appeal-card" aria-label={title}>
      <div className="appeal-card__head">
        <h3 className="appeal-card__title">{title}</h3>
        <span className={status.badge}>{t(status.text)}</span>
      </div>
      <p className="appeal-card__note">{appeal.note}</p>
      {appeal.imageUrl ? <p className="hint">{t('appeals.withPicture')}</p> : null}
      {appeal.status === 'open' ? (
        <p className={late ? 'appeal-card__late' : 'hint'} role="status">
          {late ? t('appeals.overdue', { time: time(appeal.dueAt) }) : t('appeals.due', { time: time(appeal.dueAt) })}
        </p>
      ) : (
        <div className="appeal-card__decision" role="status">
          {appeal.reason ? <p>{t('appeals.why', { reason: t(`appeals.reason.${appeal.reason}`) })}</p> : null}
          {appeal.reply ? <p>{t('appeals.reply', { reply: appeal.reply })}</p> : null}
          {appeal.decidedAt ? <p className="hint">{t('appeals.decided', { time: time(appeal.decidedAt) })}</p> : null}
        </div>
      )}
      {onOpen ? (
        <button type="button" className="link" onClick={onOpen}>
          {t('appeals.openDay')}
        </button>
      ) : null}
    </article>
  );
}
