import { REPORT_REASONS, reportContent, type FriendPerson, type ModerationKind } from '@stride/contract';
import { useRef, useState } from 'react';
import { ActionSheet } from '../../../components/action-sheet';
import { showToast } from '../../../components/toast';
import { call } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n';

/** One piece of content the user may report (docs/product/moderation.md): a name, a picture, a club's name, a challenge's title. */
export interface ReportTarget {
  readonly kind: ModerationKind;
  readonly id: string;
  /** Whose it is, as the page shows them. */
  readonly name: string;
}

/** A number masked as the server masks one: no nickname to report. */
const MASKED = /^\S*\*{2,}\S*$/;

/** What of a person can be reported: their nickname (not a masked number) and, where it is shown, their picture. */
export function reportTargetsOf(person: FriendPerson): ReportTarget[] {
  const targets: ReportTarget[] = [];
  if (!MASKED.test(person.name)) targets.push({ kind: 'nickname', id: person.id, name: person.name });
  if (person.avatarUrl) targets.push({ kind: 'avatar', id: person.id, name: person.name });
  return targets;
}

const WHAT = {
  nickname: 'report.name',
  avatar: 'report.picture',
  club: 'report.club',
  challenge: 'report.challenge',
} as const;

export interface ReportSheetProps {
  /** What to report; null while closed. More than one: the sheet asks which first. */
  readonly targets: readonly ReportTarget[] | null;
  readonly onClose: () => void;
}

/**
 * The report sheet: which content (where there is a choice), then why; the report is sent at once and a toast thanks
 * the user. Nothing of the report is shown to the person reported.
 */
export function ReportSheet({ targets, onClose }: ReportSheetProps) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<ReportTarget | null>(null);
  const picked = useRef(false);
  const choosing = targets !== null && targets.length > 1 && chosen === null;
  const target = chosen ?? (targets?.length === 1 ? targets[0] : undefined) ?? null;

  const send = (reason: string) => {
    if (!target) return;
    const body = { kind: target.kind, id: target.id, reason: reason as (typeof REPORT_REASONS)[number] };
    void call(reportContent, { body }).then(
      () => showToast(t('report.thanks')),
      () => undefined,
    );
  };
  const close = () => {
    setChosen(null);
    onClose();
  };

  return (
    <>
      <ActionSheet
        visible={choosing}
        extra={t('report.action')}
        actions={(targets ?? []).map((each, index) => ({ key: String(index), text: t(WHAT[each.kind]) }))}
        onAction={(key) => {
          picked.current = true;
          setChosen(targets?.[Number(key)] ?? null);
        }}
        onClose={() => {
          if (picked.current) picked.current = false;
          else close();
        }}
      />
      <ActionSheet
        visible={!choosing && target !== null}
        extra={target ? t('report.why', { name: target.name }) : undefined}
        actions={REPORT_REASONS.map((reason) => ({ key: reason, text: t(`report.reason.${reason}`) }))}
        onAction={send}
        onClose={close}
      />
    </>
  );
}
