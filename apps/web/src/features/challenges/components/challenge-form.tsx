import {
  CHALLENGE_DAILY_STEPS_MAX,
  CHALLENGE_DAILY_STEPS_MIN,
  CHALLENGE_KINDS,
  CHALLENGE_START_AHEAD_DAYS_MAX,
  CHALLENGE_TITLE_MAX,
  CHALLENGE_USER_DAYS_MAX,
  CHALLENGE_WINNERS_MAX,
  isChallengeTitle,
  type BodyOf,
  type ChallengeKind,
  type Club,
  type createChallenge,
} from '@stride/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CardSection } from '../../../components/card-section';
import { FormError } from '../../../components/form-error';
import { formatNumber } from '../../../lib/format';
import { useI18n, type MessageKey, type TranslateParams } from '../../../lib/i18n';
import { addDays, periodDays } from '../rules';
import { KIND_LABELS } from './challenge-labels';

export type ChallengeBody = BodyOf<typeof createChallenge>;
type Scope = ChallengeBody['scope'];

/** The form as typed: numbers stay text until the form is sent. */
export interface ChallengeDraft {
  readonly title: string;
  readonly scope: Scope;
  readonly clubId: string;
  readonly kind: ChallengeKind;
  readonly startsOn: string;
  readonly endsOn: string;
  readonly dailySteps: string;
  readonly daysNeeded: string;
  readonly winners: string;
}

/** A week from today, 8,000 steps on 5 of its days. */
export function blankDraft(today: string, clubId?: string): ChallengeDraft {
  return {
    title: '',
    scope: clubId ? 'club' : 'friends',
    clubId: clubId ?? '',
    kind: 'daily-goal',
    startsOn: today,
    endsOn: addDays(today, 6),
    dailySteps: '8000',
    daysNeeded: '5',
    winners: '3',
  };
}

export type DraftCheck =
  | { readonly body: ChallengeBody; readonly error?: undefined }
  | { readonly error: MessageKey; readonly params?: TranslateParams };

/** A whole number typed in a field, or NaN. */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const within = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** A club is chosen for a club's challenge, and for clubs against clubs (mine is the first team). */
export const needsClub = (draft: Pick<ChallengeDraft, 'scope' | 'kind'>) =>
  draft.scope === 'club' || draft.kind === 'team-total';

/**
 * The form checked as the server checks it (docs/product/challenges.md): a title, a club where one is needed, a period
 * of at most 31 days starting today or within 60, and the goal of its kind; else the body it sends.
 */
export function checkDraft(draft: ChallengeDraft, today: string): DraftCheck {
  if (!isChallengeTitle(draft.title)) return { error: 'challenges.error.title' };
  const withClub = needsClub(draft);
  if (withClub && !draft.clubId) return { error: 'challenges.error.club' };
  if (!draft.startsOn || draft.startsOn < today || draft.startsOn > addDays(today, CHALLENGE_START_AHEAD_DAYS_MAX)) {
    return { error: 'challenges.error.start', params: { days: CHALLENGE_START_AHEAD_DAYS_MAX } };
  }
  const days = draft.endsOn ? periodDays(draft.startsOn, draft.endsOn) : 0;
  if (days < 1 || days > CHALLENGE_USER_DAYS_MAX) {
    return { error: 'challenges.error.end', params: { days: CHALLENGE_USER_DAYS_MAX } };
  }
  let rules: ChallengeBody['rules'];
  if (draft.kind === 'daily-goal') {
    const dailySteps = whole(draft.dailySteps);
    if (!within(dailySteps, CHALLENGE_DAILY_STEPS_MIN, CHALLENGE_DAILY_STEPS_MAX)) {
      return {
        error: 'challenges.error.dailySteps',
        params: { min: formatNumber(CHALLENGE_DAILY_STEPS_MIN), max: formatNumber(CHALLENGE_DAILY_STEPS_MAX) },
      };
    }
    const daysNeeded = whole(draft.daysNeeded);
    if (!within(daysNeeded, 1, days)) return { error: 'challenges.error.daysNeeded', params: { days } };
    rules = { kind: 'daily-goal', dailySteps, daysNeeded };
  } else {
    const winners = whole(draft.winners);
    if (!within(winners, 1, CHALLENGE_WINNERS_MAX)) {
      return { error: 'challenges.error.winners', params: { max: CHALLENGE_WINNERS_MAX } };
    }
    rules = { kind: draft.kind, winners };
  }
  return {
    body: {
      title: draft.title.trim(),
      scope: draft.scope,
      ...(withClub ? { clubId: draft.clubId } : {}),
      startsOn: draft.startsOn,
      endsOn: draft.endsOn,
      rules,
    },
  };
}

export interface ChallengeFormProps {
  /** Today on the calendar the form's dates are checked against. */
  readonly today: string;
  /** The clubs I own: a club's challenge is for one of them. */
  readonly clubs: readonly Club[];
  /** A club to make the challenge for (opened from its page). */
  readonly initialClubId?: string | undefined;
  readonly onCreate: (body: ChallengeBody) => Promise<boolean>;
  readonly isBusy: boolean;
  readonly error: string | undefined;
}

/** Make a challenge among friends or for a club I own: its title, kind, period and goal, checked before it is sent. */
export function ChallengeForm({ today, clubs, initialClubId, onCreate, isBusy, error }: ChallengeFormProps) {
  const { t } = useI18n();
  const id = useId();
  const owned = clubs.filter((club) => club.isOwner);
  const [draft, setDraft] = useState(() =>
    blankDraft(today, owned.some((club) => club.id === initialClubId) ? initialClubId : undefined),
  );
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const set = (change: Partial<ChallengeDraft>) => {
    setProblem(undefined);
    setDraft((current) => ({ ...current, ...change }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft, today);
    if (checked.error) {
      setProblem(t(checked.error, checked.params));
      return;
    }
    void onCreate(checked.body).then((isDone) => {
      if (isDone) setDraft(blankDraft(today));
    });
  };
  const field = (key: string, label: string, input: ReactNode) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`} className="field__label">
        {label}
      </label>
      {input}
    </div>
  );
  const numberInput = (key: 'dailySteps' | 'daysNeeded' | 'winners', label: string) =>
    field(
      key,
      label,
      <input
        id={`${id}-${key}`}
        className="input"
        inputMode="numeric"
        value={draft[key]}
        onChange={(event) => set({ [key]: event.target.value })}
      />,
    );
  const dateInput = (key: 'startsOn' | 'endsOn', label: string, min: string, max: string) =>
    field(
      key,
      label,
      <input
        id={`${id}-${key}`}
        type="date"
        className="input"
        min={min}
        max={max}
        value={draft[key]}
        onChange={(event) => set({ [key]: event.target.value })}
      />,
    );
  const days = periodDays(draft.startsOn, draft.endsOn);
  return (
    <CardSection titleId={`${id}-new`} title={t('challenges.new')} titleClassName="friends__heading">
      <form onSubmit={submit} noValidate>
        {field(
          'title',
          t('challenges.form.title'),
          <input
            id={`${id}-title`}
            className="input"
            value={draft.title}
            maxLength={CHALLENGE_TITLE_MAX}
            autoComplete="off"
            onChange={(event) => set({ title: event.target.value })}
          />,
        )}
        {field(
          'scope',
          t('challenges.form.scope'),
          <select
            id={`${id}-scope`}
            className="input"
            value={draft.scope}
            onChange={(event) => set({ scope: event.target.value === 'club' ? 'club' : 'friends' })}
          >
            <option value="friends">{t('challenges.form.scopeFriends')}</option>
            <option value="club" disabled={owned.length === 0}>
              {t('challenges.form.scopeClub')}
            </option>
          </select>,
        )}
        {field(
          'kind',
          t('challenges.form.kind'),
          <select
            id={`${id}-kind`}
            className="input"
            value={draft.kind}
            onChange={(event) =>
              set({ kind: CHALLENGE_KINDS.find((kind) => kind === event.target.value) ?? 'daily-goal' })
            }
          >
            {CHALLENGE_KINDS.map((kind) => (
              <option key={kind} value={kind} disabled={kind === 'team-total' && owned.length === 0}>
                {t(KIND_LABELS[kind])}
              </option>
            ))}
          </select>,
        )}
        {needsClub(draft)
          ? field(
              'club',
              t('challenges.form.club'),
              <select
                id={`${id}-club`}
                className="input"
                value={draft.clubId}
                onChange={(event) => set({ clubId: event.target.value })}
              >
                <option value="">{t('challenges.form.chooseClub')}</option>
                {owned.map((club) => (
                  <option key={club.id} value={club.id}>
                    {club.name}
                  </option>
                ))}
              </select>,
            )
          : null}
        {owned.length === 0 ? <p className="hint">{t('challenges.form.noClub')}</p> : null}
        {dateInput('startsOn', t('challenges.form.start'), today, addDays(today, CHALLENGE_START_AHEAD_DAYS_MAX))}
        {dateInput(
          'endsOn',
          t('challenges.form.end'),
          draft.startsOn || today,
          addDays(draft.startsOn || today, CHALLENGE_USER_DAYS_MAX - 1),
        )}
        {days > 0 ? <p className="hint">{t('challenges.form.days', { days })}</p> : null}
        {draft.kind === 'daily-goal' ? (
          <>
            {numberInput('dailySteps', t('challenges.form.dailySteps'))}
            {numberInput('daysNeeded', t('challenges.form.daysNeeded'))}
          </>
        ) : (
          numberInput('winners', t('challenges.form.winners'))
        )}
        <FormError message={problem ?? error} />
        <button type="submit" className="button button--block" disabled={isBusy}>
          {t('challenges.form.submit')}
        </button>
      </form>
    </CardSection>
  );
}
