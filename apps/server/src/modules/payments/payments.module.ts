import type { Clock } from '../../lib/clock.js';
import { job, nonZero } from '../../lib/jobs/runner.js';
import { defineModule, type Frame } from '../../lib/module.js';
import type { CardsService } from '../cards/cards.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { AuditService } from '../audit/audit.service.js';
import { AlipayProvider } from './alipay-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { PaymentsAdmin } from './payments.admin.js';
import { registerPaymentConsoleRoutes } from './payments.console.js';
import { PaymentsRepository } from './payments.repository.js';
import { registerPaymentCallbacks, registerPaymentRoutes, registerSandboxCheckout } from './payments.routes.js';
import { PaymentsService } from './payments.service.js';
import { paymentsSettings, type PaymentsSettings } from './payments.settings.js';
import { SandboxProvider } from './sandbox-provider.js';

/**
 * Late payments queried, trades closed at expiry, due refunds, unpaid orders expired (decision 037 "The payment
 * lifecycle").
 */
export const PAYMENTS_SWEEP_JOB = 'payments.sweep';

/** The configured online payment provider; null when online payment is off (`none`). */
function paymentProvider(config: PaymentsSettings, clock: Clock): PaymentProvider | null {
  const { provider, sandboxSecret, alipay } = config.payments;
  if (provider === 'sandbox') return new SandboxProvider(sandboxSecret);
  if (provider === 'alipay' && alipay) return new AlipayProvider(alipay, clock);
  return null;
}

/**
 * Online payment of membership orders: the provider, its callbacks, the lifecycle sweep (decisions 008 "Online payments
 * and the sandbox provider", 036 "Alipay as a payment provider", 037 "The payment lifecycle").
 */
export const paymentsModule = defineModule({
  name: 'payments',
  settings: paymentsSettings,
  needs: ['cards', 'ledger', 'audit', 'clock'],
  build: (
    { db, clock, config, options, log }: Frame<PaymentsSettings, { paymentProvider: PaymentProvider }>,
    { cards, ledger, audit }: { cards: CardsService; ledger: LedgerService; audit: AuditService; clock: Clock },
  ) => {
    const paymentsRepository = new PaymentsRepository();
    const provider = options.paymentProvider ?? paymentProvider(config, clock);
    const payments = new PaymentsService(db, paymentsRepository, cards, ledger, clock, config, provider, log);
    return {
      payments,
      admin: { payments: new PaymentsAdmin(db, paymentsRepository, ledger, audit, clock, payments, cards) },
    };
  },
  routes: (endpoints, services, config) => {
    registerPaymentRoutes(endpoints, { payments: services.payments, config });
    registerPaymentConsoleRoutes(endpoints, services);
  },
  http: (app, services, config) => {
    registerPaymentCallbacks(app, services);
    if (config.payments.provider === 'sandbox') {
      registerSandboxCheckout(app, { payments: services.payments, config, clock: services.clock });
    }
  },
  // Alipay's keys are imported asynchronously: the app listens only once they are ready.
  start: async ({ payments }) => {
    if (payments.provider instanceof AlipayProvider) await payments.provider.ready;
  },
  jobs: (services, config) => {
    return [
      // Late payments queried, trades closed at expiry, due refunds, unpaid orders expired (decision 037 "The payment
      // lifecycle").
      job({
        name: PAYMENTS_SWEEP_JOB,
        everyMs: services.payments.provider ? config.payments.sweepIntervalSeconds * 1000 : 0,
        retryLimit: 3,
        retryDelaySeconds: 10,
        expireInSeconds: 15 * 60,
        handler: () => services.payments.sweep(),
        summary: (result) => nonZero({ ...result }),
      }),
    ];
  },
});
