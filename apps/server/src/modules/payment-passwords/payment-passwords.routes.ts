import { getPaymentPassword, requestPaymentPasswordCode, setPaymentPassword } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { PaymentPasswordsService } from './payment-passwords.service.js';

export function registerPaymentPasswordRoutes(
  endpoints: EndpointRegistrar,
  { paymentPasswords }: { paymentPasswords: PaymentPasswordsService },
): void {
  endpoints.handle(getPaymentPassword, ({ user }) => paymentPasswords.status(user.id));
  endpoints.handle(requestPaymentPasswordCode, ({ user, request, language }) =>
    paymentPasswords.requestCode(user, request.ip, language),
  );
  endpoints.handle(setPaymentPassword, ({ user, body }) => paymentPasswords.set(user, body));
}
