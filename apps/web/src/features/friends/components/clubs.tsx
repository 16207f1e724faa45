import { isClubName, type Club, type ClubMember } from '@stride/contract';
import { useId, useState, type FormEvent } from 'react';
import { Avatar } from '../../../components/avatar';
import { CardSection } from '../../../components/card-section';
import { FormError } from '../../../components/form-error';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { reportTargetsOf } from './report-sheet';

function ClubName({ club }: { readonly club: Club }) {
  const { t } = useI18n();
  return (
    <span className="clubs__name">
      {club.name}
      {club.verified ? <span className="badge badge--good">{t('clubs.verified')}</span> : null}
    </span>
  );
}

export interface ClubListProps {
  readonly clubs: readonly Club[];
  readonly onOpen: (club: Club) => void;
}

/** The clubs I belong to; each opens its page. */
export function ClubList({ clubs, onOpen }: ClubListProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <CardSection
      titleId={`${id}-mine`}
      title={t('clubs.mine', { count: clubs.length })}
      titleClassName="friends__heading"
    >
      {clubs.length === 0 ? <p className="hint">{t('clubs.none')}</p> : null}
      <ul className="friends__people">
        {clubs.map((club) => (
          <li key={club.id} className="friends__person">
            <button type="button" className="clubs__open" onClick={() => onOpen(club)} data-testid="club">
              <ClubName club={club} />
              <span className="list__secondary">
                {t(club.isOwner ? 'clubs.ownedMembers' : 'clubs.members', { count: formatNumber(club.members) })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}

/** One text field and its button: a club's name to start it, or a code to join one. */
function OneField({
  label,
  action,
  initial,
  maxLength,
  isValid,
  onSubmit,
  isBusy,
}: {
  readonly label: string;
  readonly action: string;
  readonly initial?: string | undefined;
  readonly maxLength: number;
  readonly isValid: (value: string) => boolean;
  readonly onSubmit: (value: string) => Promise<boolean>;
  readonly isBusy: boolean;
}) {
  const id = useId();
  const [value, setValue] = useState(initial ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid(value)) return;
    void onSubmit(value.trim()).then((isDone) => {
      if (isDone) setValue('');
    });
  };
  return (
    <form className="field" onSubmit={submit} noValidate>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__row friends__lookup">
        <input
          id={id}
          className="input"
          value={value}
          maxLength={maxLength}
          autoComplete="off"
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button" disabled={isBusy || !isValid(value)}>
          {action}
        </button>
      </div>
    </form>
  );
}

export interface ClubFormsProps {
  readonly initialCode?: string | undefined;
  readonly onCreate: (name: string) => Promise<boolean>;
  readonly onJoin: (code: string) => Promise<boolean>;
  readonly isBusy: boolean;
  readonly error: string | undefined;
}

/** Join a club by its code (filled in from a club's link), or start one. */
export function ClubForms({ initialCode, onCreate, onJoin, isBusy, error }: ClubFormsProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <CardSection titleId={`${id}-forms`} title={t('clubs.joinOrStart')} titleClassName="friends__heading">
      <OneField
        label={t('clubs.code')}
        action={t('clubs.join')}
        initial={initialCode}
        maxLength={32}
        isValid={(value) => value.trim().length > 0}
        onSubmit={onJoin}
        isBusy={isBusy}
      />
      <OneField
        label={t('clubs.name')}
        action={t('clubs.start')}
        maxLength={30}
        isValid={isClubName}
        onSubmit={onCreate}
        isBusy={isBusy}
      />
      <FormError message={error} />
    </CardSection>
  );
}

export interface ClubHeadProps {
  readonly club: Club;
  readonly onCopy: (text: string) => void;
  /** Opens the club's challenges (its owner makes one for it there). */
  readonly onChallenges?: (() => void) | undefined;
  /** Opens the report sheet for the club's name, offered to members other than its owner. */
  readonly onReport?: (() => void) | undefined;
}

/** The club's name, badge, size, its code and link to share, and its challenges. */
export function ClubHead({ club, onCopy, onChallenges, onReport }: ClubHeadProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <CardSection titleId={`${id}-club`} title={<ClubName club={club} />} titleClassName="friends__heading">
      <p className="list__secondary">
        {t('clubs.ownedBy', { name: club.owner.name, count: formatNumber(club.members) })}
      </p>
      <p className="friends__code">
        <span>{t('clubs.code')}</span>
        <span className="friends__code-value" data-testid="club-code">
          {club.code}
        </span>
        <button type="button" className="link" onClick={() => onCopy(club.code)}>
          {t('invite.copy')}
        </button>
        <button type="button" className="link" onClick={() => onCopy(club.link)}>
          {t('friends.copyLink')}
        </button>
      </p>
      {onChallenges ? (
        <button type="button" className="link" onClick={onChallenges}>
          {t(club.isOwner ? 'challenges.clubLinkOwner' : 'challenges.clubLink')}
        </button>
      ) : null}
      {onReport && !club.isOwner ? (
        <button type="button" className="link" onClick={onReport}>
          {t('report.club')}
        </button>
      ) : null}
    </CardSection>
  );
}

export interface ClubMembersProps {
  readonly members: readonly ClubMember[];
  readonly total: number;
  readonly isOwner: boolean;
  readonly onRemove: (member: ClubMember) => void;
  readonly onHandOver: (member: ClubMember) => void;
  /** Loads the next page of members, while there are more than shown. */
  readonly onMore?: (() => void) | undefined;
  readonly isLoadingMore?: boolean;
  /** Opens the report sheet for another member's name or picture; my own row is offered none. */
  readonly onReport?: ((member: ClubMember) => void) | undefined;
}

/** The members, the owner first, a page at a time; the owner can remove a member or hand the club over. */
export function ClubMembers({
  members,
  total,
  isOwner,
  onRemove,
  onHandOver,
  onMore,
  isLoadingMore = false,
  onReport,
}: ClubMembersProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <CardSection
      titleId={`${id}-members`}
      title={t('clubs.memberList', { count: formatNumber(total) })}
      titleClassName="friends__heading"
    >
      <ul className="friends__people">
        {members.map((member) => (
          <li key={member.id} className="friends__person" data-testid="club-member">
            <Avatar url={member.avatarUrl} size={36} />
            <span className="friends__who">
              <span className="friends__name">{member.name}</span>
              {member.owner ? <span className="list__secondary">{t('clubs.owner')}</span> : null}
            </span>
            {isOwner && !member.owner ? (
              <span className="friends__actions">
                <button type="button" className="link" onClick={() => onHandOver(member)}>
                  {t('clubs.handOver')}
                </button>
                <button type="button" className="link" onClick={() => onRemove(member)}>
                  {t('friends.remove')}
                </button>
              </span>
            ) : null}
            {onReport && !member.me && reportTargetsOf(member).length > 0 ? (
              <button type="button" className="link" onClick={() => onReport(member)}>
                {t('report.action')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {total > members.length ? (
        <>
          <p className="hint friends__hint">{t('clubs.membersShown', { shown: formatNumber(members.length) })}</p>
          {onMore ? (
            <button
              type="button"
              className="button button--block button--ghost"
              onClick={onMore}
              disabled={isLoadingMore}
            >
              {t('clubs.moreMembers')}
            </button>
          ) : null}
        </>
      ) : null}
    </CardSection>
  );
}
