import {
  isMobileNumber,
  type Friend,
  type FriendPerson,
  type FriendRequest,
  type FriendSettings,
} from '@stride/contract';
import { useId, useState, type FormEvent } from 'react';
import { Avatar } from '../../../components/avatar';
import { CardSection } from '../../../components/card-section';
import { FormError } from '../../../components/form-error';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { reportTargetsOf } from './report-sheet';

/** What the add form sends: a number where the text is one, else a friend code. */
export type FriendLookup = { by: 'code'; code: string } | { by: 'mobile'; mobile: string };

/** A typed friend code or mobile number, as the request's body says it. */
export function lookupOf(text: string): FriendLookup {
  const value = text.trim().replace(/[\s-]/g, '');
  return isMobileNumber(value) ? { by: 'mobile', mobile: value } : { by: 'code', code: text.trim() };
}

export interface AddFriendProps {
  readonly code: string;
  /** The link that opens this page with my code, and its QR code. */
  readonly link: string;
  readonly qrImage: string;
  /** A code the page was opened with (someone's link or QR code), filled in. */
  readonly initialCode?: string | undefined;
  readonly inviter: FriendPerson | null;
  readonly onCopy: (code: string) => void;
  readonly onAdd: (lookup: FriendLookup) => Promise<boolean>;
  readonly onAddInviter: () => void;
  readonly isBusy: boolean;
  readonly error: string | undefined;
}

/** My friend code to share, the form to add someone by code or number, and my inviter in one tap. */
export function AddFriend({
  code,
  link,
  qrImage,
  initialCode,
  inviter,
  onCopy,
  onAdd,
  onAddInviter,
  isBusy,
  error,
}: AddFriendProps) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState(initialCode ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    void onAdd(lookupOf(text)).then((isSent) => {
      if (isSent) setText('');
    });
  };
  return (
    <CardSection titleId={`${id}-add`} title={t('friends.add')} titleClassName="friends__heading">
      <p className="friends__code">
        <span>{t('friends.myCode')}</span>
        <span className="friends__code-value" data-testid="friend-code">
          {code}
        </span>
        <button type="button" className="link" aria-label={t('friends.copyCode')} onClick={() => onCopy(code)}>
          {t('invite.copy')}
        </button>
        <button type="button" className="link" onClick={() => onCopy(link)}>
          {t('friends.copyLink')}
        </button>
      </p>
      <img className="friends__qr" src={qrImage} alt={t('friends.qr')} />
      <form className="field" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-lookup`} className="field__label">
          {t('friends.codeOrNumber')}
        </label>
        <div className="field__row friends__lookup">
          <input
            id={`${id}-lookup`}
            className="input"
            value={text}
            maxLength={32}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button" disabled={isBusy || !text.trim()}>
            {t('friends.send')}
          </button>
        </div>
      </form>
      <FormError message={error} />
      {inviter ? (
        <div className="friends__inviter">
          <p>{t('friends.inviterOffer', { name: inviter.name })}</p>
          <button type="button" className="button button--ghost" disabled={isBusy} onClick={onAddInviter}>
            {t('friends.addInviter')}
          </button>
        </div>
      ) : null}
    </CardSection>
  );
}

export interface FriendRequestsProps {
  readonly incoming: readonly FriendRequest[];
  readonly outgoing: readonly FriendRequest[];
  readonly onAccept: (person: FriendPerson) => void;
  readonly onDecline: (person: FriendPerson) => void;
  readonly onBlock: (person: FriendPerson) => void;
  readonly onCancel: (person: FriendPerson) => void;
}

/** Requests to me (accept, decline, block) and mine still waiting (withdraw). */
export function FriendRequests({ incoming, outgoing, onAccept, onDecline, onBlock, onCancel }: FriendRequestsProps) {
  const { t } = useI18n();
  const id = useId();
  if (incoming.length === 0 && outgoing.length === 0) return null;
  return (
    <CardSection titleId={`${id}-requests`} title={t('friends.requests')} titleClassName="friends__heading">
      <ul className="friends__people">
        {incoming.map((person) => (
          <li key={person.id} className="friends__person" data-testid="friend-request">
            <span className="friends__name">{t('friends.wantsToBeFriends', { name: person.name })}</span>
            <span className="friends__actions">
              <button type="button" className="button" onClick={() => onAccept(person)}>
                {t('friends.accept')}
              </button>
              <button type="button" className="button button--ghost" onClick={() => onDecline(person)}>
                {t('friends.decline')}
              </button>
              <button type="button" className="link" onClick={() => onBlock(person)}>
                {t('friends.block')}
              </button>
            </span>
          </li>
        ))}
        {outgoing.map((person) => (
          <li key={person.id} className="friends__person">
            <span className="friends__name">{t('friends.waitingFor', { name: person.name })}</span>
            <span className="friends__actions">
              <button type="button" className="link" onClick={() => onCancel(person)}>
                {t('friends.withdraw')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}

export interface FriendListProps {
  readonly friends: readonly Friend[];
  readonly blocked: readonly FriendPerson[];
  readonly onRemove: (person: FriendPerson) => void;
  readonly onBlock: (person: FriendPerson) => void;
  readonly onUnblock: (person: FriendPerson) => void;
  /** Opens the report sheet for a friend's name or picture (docs/product/moderation.md). */
  readonly onReport?: ((person: FriendPerson) => void) | undefined;
}

/** My friends with today's steps where they are shown, and the people I blocked. */
export function FriendList({ friends, blocked, onRemove, onBlock, onUnblock, onReport }: FriendListProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <CardSection
      titleId={`${id}-friends`}
      title={t('friends.list', { count: friends.length })}
      titleClassName="friends__heading"
    >
      {friends.length === 0 ? <p className="hint">{t('friends.none')}</p> : null}
      <ul className="friends__people">
        {friends.map((friend) => (
          <li key={friend.id} className="friends__person" data-testid="friend">
            <Avatar url={friend.avatarUrl} size={36} />
            <span className="friends__who">
              <span className="friends__name">{friend.name}</span>
              {friend.today ? (
                <span className="list__secondary">
                  {t(friend.today.pending ? 'friends.todayPending' : 'friends.todaySteps', {
                    steps: formatNumber(friend.today.steps),
                  })}
                </span>
              ) : null}
            </span>
            <span className="friends__actions">
              <button type="button" className="link" onClick={() => onRemove(friend)}>
                {t('friends.remove')}
              </button>
              <button type="button" className="link" onClick={() => onBlock(friend)}>
                {t('friends.block')}
              </button>
              {onReport && reportTargetsOf(friend).length > 0 ? (
                <button type="button" className="link" onClick={() => onReport(friend)}>
                  {t('report.action')}
                </button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {blocked.length > 0 ? (
        <>
          <h3 className="friends__subheading">{t('friends.blocked')}</h3>
          <ul className="friends__people">
            {blocked.map((person) => (
              <li key={person.id} className="friends__person">
                <span className="friends__name">{person.name}</span>
                <button type="button" className="link" onClick={() => onUnblock(person)}>
                  {t('friends.unblock')}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </CardSection>
  );
}

export interface SharingSettingsProps {
  readonly settings: FriendSettings;
  readonly onChange: (settings: FriendSettings) => void;
  readonly isBusy: boolean;
  readonly error: string | undefined;
}

/** What friends and others may see and do: my steps, my avatar, finding me by my number (all off until turned on). */
export function SharingSettings({ settings, onChange, isBusy, error }: SharingSettingsProps) {
  const { t } = useI18n();
  const id = useId();
  const toggles = [
    { key: 'shareSteps', label: t('friends.shareSteps'), hint: t('friends.shareStepsHint') },
    { key: 'showAvatar', label: t('friends.showAvatar'), hint: t('friends.showAvatarHint') },
    { key: 'findableByMobile', label: t('friends.findable'), hint: t('friends.findableHint') },
  ] as const;
  return (
    <CardSection titleId={`${id}-privacy`} title={t('friends.privacy')} titleClassName="friends__heading">
      {toggles.map((toggle) => (
        <div key={toggle.key} className="friends__toggle">
          <input
            id={`${id}-${toggle.key}`}
            type="checkbox"
            checked={settings[toggle.key]}
            disabled={isBusy}
            onChange={(event) => onChange({ ...settings, [toggle.key]: event.target.checked })}
          />
          <label htmlFor={`${id}-${toggle.key}`}>
            {toggle.label}
            <span className="list__secondary">{toggle.hint}</span>
          </label>
        </div>
      ))}
      <FormError message={error} />
    </CardSection>
  );
}
