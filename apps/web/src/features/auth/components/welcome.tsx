import { getRules } from '@stride/contract';
import { call } from '../../../lib/http';
import type { Rules } from '@stride/contract';
import { useRemote } from '../../../hooks';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useI18n, type Translate } from '../../../lib/i18n';
import '../welcome.css';

const loadRules = (signal: AbortSignal) => call(getRules, {}, { hideErrors: true, signal });

/** The welcome's three lines, with the numbers the server applies (`GET /api/rules`). */
export function welcomeLines(
  rules: Pick<
    Rules,
    | 'stepsPerPoint'
    | 'pointsDailyMax'
    | 'exchangePointsPerUnit'
    | 'exchangeCashPerUnit'
    | 'inviteQualifyingSteps'
    | 'inviteRewardPoints'
  >,
  t: Translate,
): string[] {
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
 * The lines' stand-in while the rules are read: the same sentences with the shipped defaults, so
 * they wrap as the real ones will and hold their space, drawn as grey bars (decision 089 "The web app ships React 19").
 * Their text is never shown nor read out.
 */
const PLACEHOLDER_RULES = {
  stepsPerPoint: 100,
  pointsDailyMax: 200,
  exchangePointsPerUnit: 100,
  exchangeCashPerUnit: 100,
  inviteQualifyingSteps: 5_000,
  inviteRewardPoints: 500,
};

/**
 * The first open's welcome above the login form (docs/product/client.md, Login and sign-up;
 * decision 082 "A newcomer's first screens"): how walking earns points, points turn into cash and a membership card
 * pays cash back, and what an invite gives, every number read from the rules. The card is there from the
 * first render, its lines' space held while the rules are read, so the form below never moves
 * (decision 089 "The web app ships React 19"); it goes only if the rules cannot be read.
 */
export function Welcome({ onDismiss }: { readonly onDismiss: () => void }) {
  const { t } = useI18n();
  const { state } = useRemote(loadRules, { refreshOnShow: false });
  if (state.status === 'error') return null;
  const isReady = state.status === 'ready';
  return (
    <section className="card welcome" aria-labelledby="welcome-title" aria-busy={!isReady} data-testid="welcome">
      <h2 id="welcome-title" className="welcome__title">
        {t('welcome.title')}
      </h2>
      <ul className={isReady ? 'welcome__lines' : 'welcome__lines welcome__lines--held'} aria-hidden={!isReady}>
        {welcomeLines(isReady ? state.data : PLACEHOLDER_RULES, t).map((line) => (
          <li key={line}>
            <span>{line}</span>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--ghost button--block" onClick={onDismiss}>
        {t('welcome.dismiss')}
      </button>
    </section>
  );
}
