import type { ConsoleFlaggedDay } from '@stride/contract';
import { Space, Tag } from 'antd';
import { count, money } from '../lib/format';
import { usePageTexts } from '../lib/page-texts';
import { FLAGGED_DAYS_PAGE } from '../locales/areas/flagged-days-page';

/**
 * A flagged day's evidence as the Flagged days screen shows it (docs/console/flagged-days.md), beside its appeal too
 * (docs/console/reviewer.md, Appeals): its texts load with the screens that show it.
 */
interface DayProps {
  readonly day: ConsoleFlaggedDay;
}

/** Each source of the day's steps with its count, a step-source token by its name. */
export function FlaggedDaySources({ day }: DayProps) {
  const { f, language } = usePageTexts(FLAGGED_DAYS_PAGE);
  return (
    <div style={{ whiteSpace: 'normal', maxWidth: 240 }}>
      {day.sources.map((source, index) => (
        <div key={index}>
          {source.name ?? f(`flagged.source.${source.kind}`)}: {count(source.steps, language)}
        </div>
      ))}
    </div>
  );
}

/** Why the day was flagged, in words. */
export function FlaggedDayReasons({ day }: DayProps) {
  const { f } = usePageTexts(FLAGGED_DAYS_PAGE);
  return (
    <Space orientation="vertical" size={4} style={{ maxWidth: 240 }}>
      {day.reasons.map((reason) => (
        <Tag color="orange" key={reason} style={{ whiteSpace: 'normal' }}>
          {f(`flagged.reason.${reason}`)}
        </Tag>
      ))}
    </Space>
  );
}

/** The points and cash back the day holds until it is decided. */
export function FlaggedDayHeld({ day }: DayProps) {
  const { f, language } = usePageTexts(FLAGGED_DAYS_PAGE);
  return (
    <>{f('flagged.heldValue', { points: count(day.heldPoints, language), cash: money(day.heldCashBack, language) })}</>
  );
}

const STATUS_COLOURS: Readonly<Record<ConsoleFlaggedDay['status'], string | undefined>> = {
  flagged: 'gold',
  cleared: 'green',
  rejected: 'red',
};

/** Where the day's review stands: waiting, cleared or rejected. */
export function FlaggedDayStatus({ day }: DayProps) {
  const { f } = usePageTexts(FLAGGED_DAYS_PAGE);
  return <Tag color={STATUS_COLOURS[day.status]}>{f(`flagged.status.${day.status}`)}</Tag>;
}
