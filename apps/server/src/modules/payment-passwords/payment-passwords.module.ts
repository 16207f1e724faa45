import { defineModule, type Frame } from '../../lib/module.js';
import type { AccountsSettings } from '../accounts/accounts.settings.js';
import { PasswordHasher } from '../accounts/passwords.js';
import type { SmsCodesService } from '../sms-codes/sms-codes.service.js';
import { PaymentPasswordsRepository } from './payment-passwords.repository.js';
import { registerPaymentPasswordRoutes } from './payment-passwords.routes.js';
import { PaymentPasswordsService } from './payment-passwords.service.js';

/**
 * The payment password (docs/product/payment-password.md, decision 104 "A payment password"): set with an SMS code,
 * asked by the cards and payouts modules before money leaves a balance.
 */
export const paymentPasswordsModule = defineModule({
  name: 'payment-passwords',
  needs: ['smsCodes'],
  build: ({ db, clock, config }: Frame<AccountsSettings>, { smsCodes }: { smsCodes: SmsCodesService }) => ({
    paymentPasswords: new PaymentPasswordsService(
      db,
      new PaymentPasswordsRepository(),
      new PasswordHasher(config.argon2),
      smsCodes,
      clock,
    ),
  }),
  routes: (endpoints, services) => registerPaymentPasswordRoutes(endpoints, services),
  personalData: ({ paymentPasswords }) => [paymentPasswords.personalData()],
});
