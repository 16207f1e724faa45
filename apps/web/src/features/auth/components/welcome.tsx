import type { Rules } from '@stride/contract';
import { useRemote } from '../../../hooks';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useI18n, type Translate } from '../../../lib/i18n';
import { getRules } from '../api/get-rules';
import '../welcome.css';

const loadRules = (signal: AbortSignal) => getRules({ hideErrors: true, signal });

/** The welcome's three lines, with the numbers the server applies (`GET /api/rules`). */
export function welcomeLines(rules: Rules, t: Translate): string[] {
  return [
    t('welcome.walk', { steps: formatNumber(rules.stepsPerPoint), points: formatNumber(rules.pointsDailyMax) }),
    t('welcome.cash', {
      points: formatNumber(rules.exchangePointsPerUnit),
      cash: formatMoney(rules.exchangeCashPerUnit),
    }),
    t('welcome.invite', {
      steps: formatNumber(rules.inviteQualifyingSteps),
      points: formatNumber(rules.inviteRewardPoints),
    }),
  ];
}

/**
 * The first open's welcome above the login form (docs/product/client.md, Login and sign-up;
 * decision 082): how walking earns points, points turn into cash and a membership card pays cash
 * back, and what an invite gives, every number read from the rules; nothing until they are read.
 */
export function Welcome({ onDismiss }: { readonly onDismiss: () => void }) {
  const { t } = useI18n();
  const { state } = useRemote(loadRules, { refreshOnShow: false });
  if (state.status !== 'ready') return null;
  return (
    <section className="card welcome" aria-labelledby="welcome-title" data-testid="welcome">
      <h2 id="welcome-title" className="welcome__title">
        {t('welcome.title')}
      </h2>
      <ul className="welcome__lines">
        {welcomeLines(state.data, t).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <button type="button" className="button button--ghost button--block" onClick={onDismiss}>
        {t('welcome.dismiss')}
      </button>
    </section>
  );
}
