import { claimPolicy, listMyCards, listPolicies } from '@stride/contract';
import { call } from '../../lib/http';
import type { Policy } from '@stride/contract';
import { useState } from 'react';
import { useSubmit } from '../../hooks';
import { ClaimPolicyForm, PlanRows, RELATION_TEXT, RELATIONS, type FamilyMember } from '../../features/cards';
import { usePaymentPassword } from '../../features/payment-password';
import { formatMoney } from '../../lib/format';
import { t, useI18n, type MessageKey } from '../../lib/i18n';
import { PAYMENT_PASSWORD_ANSWERS } from '../../lib/payment';
import { RemoteView } from '../../components/remote-view';
import '../../features/cards/components/cards.css';

const STATUS_TEXT: Record<Policy['status'], MessageKey> = {
  unclaimed: 'insure.status.unclaimed',
  active: 'insure.status.active',
  expired: 'insure.status.expired',
};
const STATUS_BADGE: Record<Policy['status'], string> = {
  unclaimed: 'badge badge--warn',
  active: 'badge badge--good',
  expired: 'badge badge--muted',
};

/** Policies name their card only by id; the wallet gives each card's plan name. */
const load = (signal: AbortSignal) =>
  Promise.all([
    call(listPolicies, { query: {} }, { hideErrors: true, signal }),
    call(listMyCards, {}, { hideErrors: true, signal }),
  ]).then(([policies, cards]) => ({ policies, cardNames: new Map(cards.map((card) => [card.id, card.plan.name])) }));

function relationText(relation: string | null, t: (key: MessageKey) => string): string {
  if (relation === 'self') return t('insure.self');
  const known = RELATIONS.find((item) => item === relation);
  return known ? t(RELATION_TEXT[known]) : (relation ?? '');
}

type Insured = { who: 'self' } | ({ who: 'family' } & FamilyMember);

/**
 * A claim is final on the server (once per policy, no way back): it says so before it is sent (decision 041 "Flows
 * that ask first and say what happened"). A gift to family asks in the payment password sheet instead, which names
 * the person.
 */
async function confirmClaimSelf(): Promise<boolean> {
  const { dialogs } = await import('../dialogs');
  return dialogs.confirm(t('insure.claimSelfConfirm'), t('insure.claimSelf'));
}

function PolicyItem({ initial, cardName }: { readonly initial: Policy; readonly cardName: string }) {
  const { t } = useI18n();
  const [policy, setPolicy] = useState(initial);
  const [isGiving, setGiving] = useState(false);
  const { isBusy, run } = useSubmit();
  const [isClaimed, setClaimed] = useState(false);
  const paymentPassword = usePaymentPassword();

  // Claiming is once per policy on the server (compare-and-set), so a repeat cannot double it.
  // A failure is shown by the request layer (1002 leads to real-name verification); the payment password's, in its sheet.
  const send = async (insured: Insured, password?: string) => {
    const next = await call(
      claimPolicy,
      { body: { policyId: policy.id, insured, ...(password === undefined ? {} : { paymentPassword: password }) } },
      { quietCodes: PAYMENT_PASSWORD_ANSWERS },
    );
    setPolicy(next);
    setGiving(false);
    setClaimed(true);
  };

  const claimSelf = () =>
    run(async () => {
      if (await confirmClaimSelf()) await send({ who: 'self' });
    });

  // Giving the policy away needs the payment password (docs/product/payment-password.md).
  const give = (member: FamilyMember) =>
    paymentPassword.ask({
      summary: t('paymentPassword.give', {
        name: member.name,
        relation: t(RELATION_TEXT[member.relation]).toLocaleLowerCase(),
        card: cardName,
        amount: formatMoney(policy.coverage),
      }),
      detail: t('paymentPassword.giveNote'),
      send: (password) => send({ who: 'family', ...member }, password),
    });

  const rows: [string, string][] = [
    [t('insure.coverage'), formatMoney(policy.coverage)],
    [t('insure.period'), `${policy.startsOn} – ${policy.endsOn}`],
  ];
  if (policy.policyNumber) rows.unshift([t('insure.number'), policy.policyNumber]);
  if (policy.insuredName) rows.push([t('insure.insured'), policy.insuredName]);
  if (policy.insuredIdNumber) rows.push([t('insure.idNumber'), policy.insuredIdNumber]);
  if (policy.relation) rows.push([t('insure.relation'), relationText(policy.relation, t)]);

  return (
    <li className="card" aria-labelledby={`policy-${policy.id}`}>
      <div className="item-card__head">
        <h2 id={`policy-${policy.id}`} className="item-card__title">
          {t('insure.policyFor', { name: cardName })}
        </h2>
        <span className={STATUS_BADGE[policy.status]}>{t(STATUS_TEXT[policy.status])}</span>
      </div>
      <PlanRows rows={rows} className="item-card__rows" />
      {policy.status === 'unclaimed' && !isGiving ? (
        <div className="item-card__actions">
          <button type="button" className="button" disabled={isBusy} onClick={() => void claimSelf()}>
            {t('insure.claimSelf')}
          </button>
          <button type="button" className="button button--ghost" disabled={isBusy} onClick={() => setGiving(true)}>
            {t('insure.giveFamily')}
          </button>
        </div>
      ) : null}
      {isClaimed ? (
        <p className="hint" role="status">
          {t('insure.claimed')}
        </p>
      ) : null}
      {isGiving ? <ClaimPolicyForm isBusy={isBusy} onSubmit={give} onCancel={() => setGiving(false)} /> : null}
      {paymentPassword.sheet}
    </li>
  );
}

/** My insurance (GET /api/insure): each card's policy, claimed for oneself or given to family. */
export default function InsurancePage() {
  const { t } = useI18n();
  return (
    <RemoteView load={load}>
      {({ policies, cardNames }) =>
        policies.length === 0 ? null : (
          <ul className="plans">
            {policies.map((policy) => (
              <PolicyItem
                key={policy.id}
                initial={policy}
                cardName={cardNames.get(policy.cardId) ?? t('insure.card')}
              />
            ))}
          </ul>
        )
      }
    </RemoteView>
  );
}
