import type { Invitee, ResponseOf, getInvite } from '@stride/contract';
import { StatusTip } from '../../../components/status-tip';
import { formatDate, formatNumber } from '../../../lib/format';
import { PATHS, go } from '../../../lib/navigation';
import { useI18n } from '../../../lib/i18n';
import { CardSection } from '../../../components/card-section';

export type InviteInfo = ResponseOf<typeof getInvite>;

export interface InviteViewProps {
  readonly invite: InviteInfo;
  /** Copies with the app's toasts (the page wires copyWithToast). */
  readonly onCopy: (text: string) => void;
}

function InviteeItem({ invitee }: { readonly invitee: Invitee }) {
  const { t } = useI18n();
  return (
    <li className="list__item invitee">
      <span className="invitee__main">
        <span className="invitee__account">{invitee.account}</span>
        <span className="invitee__meta">{t('invite.joined', { date: formatDate(invitee.joinedAt) })}</span>
      </span>
      <span className="invitee__side">
        <span className={invitee.qualified ? 'badge badge--good' : 'badge badge--muted'}>
          {t(
            invitee.qualified
              ? 'invite.qualified'
              : invitee.waitingForReview
                ? 'invite.underReview'
                : invitee.rewardRefused
                  ? 'invite.refused'
                  : 'invite.waiting',
          )}
        </span>
        {invitee.rewardPoints > 0 ? (
          <span className="invitee__reward">+{formatNumber(invitee.rewardPoints)}</span>
        ) : null}
      </span>
    </li>
  );
}

/** Code, link and QR code to share, the reward rule, what it has earned and who joined. */
export function InviteView({ invite, onCopy }: InviteViewProps) {
  const { t } = useI18n();
  const { rule } = invite;
  return (
    <>
      <CardSection
        titleId="invite-share-title"
        title={t('invite.share')}
        titleClassName="invite__title"
        className="invite-share"
      >
        <p className="hint">
          {t('invite.rule', { points: formatNumber(rule.points), steps: formatNumber(rule.steps) })}
        </p>
        <img className="invite-share__qr" src={invite.qrImage} alt={t('invite.qr')} />
        <dl className="invite-share__rows">
          <div>
            <dt>{t('my.inviteCode')}</dt>
            {/* A <dl> holds only dt and dd groups: the copy button sits in its dd. */}
            <dd className="invite-share__value">
              <span className="invite-share__code" data-testid="invite-code">
                {invite.code}
              </span>
              <button
                type="button"
                className="link"
                aria-label={t('invite.copyCode')}
                onClick={() => onCopy(invite.code)}
              >
                {t('invite.copy')}
              </button>
            </dd>
          </div>
          <div>
            <dt>{t('invite.link')}</dt>
            <dd className="invite-share__value">
              <span className="invite-share__link" data-testid="invite-link">
                {invite.link}
              </span>
              <button
                type="button"
                className="link"
                aria-label={t('invite.copyLink')}
                onClick={() => onCopy(invite.link)}
              >
                {t('invite.copy')}
              </button>
            </dd>
          </div>
        </dl>
      </CardSection>
      <CardSection titleId="invite-rewards-title" title={t('invite.rewards')} titleClassName="invite__title">
        <dl className="invite-figures">
          <div>
            <dt>{t('invite.earned')}</dt>
            <dd data-testid="invite-reward-points">{formatNumber(invite.rewardPoints)}</dd>
          </div>
          <div>
            <dt>{t('invite.thisYear')}</dt>
            <dd>
              {formatNumber(rule.rewardedThisYear)} / {formatNumber(rule.maxPerYear)}
            </dd>
          </div>
        </dl>
        {/* My own invitation's reward, while a reviewer decides it or once refused (docs/product/referral-rings.md). */}
        {invite.ownReward?.status === 'held' ? (
          <p className="hint" data-testid="invite-own-reward">
            {t('invite.ownHeld', { points: formatNumber(invite.ownReward.points) })}
          </p>
        ) : invite.ownReward?.status === 'refused' ? (
          <p className="hint" data-testid="invite-own-reward">
            {t('invite.ownRefused')}
          </p>
        ) : null}
        {/* Held or refused, it may be appealed once (docs/product/appeals.md). */}
        {invite.ownReward && invite.ownReward.status !== 'paid' ? (
          <button
            type="button"
            className="link"
            onClick={() => go(PATHS.appeals, { kind: 'invite-reward', subject: invite.ownReward?.inviteeId ?? '' })}
          >
            {t('invite.appeal')}
          </button>
        ) : null}
      </CardSection>
      <section aria-labelledby="invitees-title">
        <h2 id="invitees-title" className="invite__heading">
          {t('invite.invitees', { count: invite.invitees.length })}
        </h2>
        {invite.invitees.length === 0 ? (
          <StatusTip status="empty" message={t('invite.none')} />
        ) : (
          <ul className="list invitees">
            {invite.invitees.map((invitee) => (
              <InviteeItem key={`${invitee.account}-${invitee.joinedAt}`} invitee={invitee} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
