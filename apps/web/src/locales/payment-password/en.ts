/**
 * The texts of the payment password (docs/product/payment-password.md): its page and the sheet that asks for it before
 * money leaves the balance or a policy is given away. A chunk of their own per language that those pages load as they
 * open, as the social pages' are (decision 097 "Page texts for the social pages"). Every key starts with
 * PAYMENT_PASSWORD_PREFIX, which the main locales (../en.ts) refuse; the page's title stays there as
 * `title.paymentPassword`.
 */
export const PAYMENT_PASSWORD_PREFIX = 'paymentPassword.';
export type PaymentPasswordPrefix = typeof PAYMENT_PASSWORD_PREFIX;

/** The base dictionary of these texts: every other locale is typed against it, so a missing key fails the typecheck. */
export const paymentPassword = {
  // The sheet: what is about to happen, with its amount.
  'paymentPassword.sheetTitle': 'Enter your payment password',
  'paymentPassword.buy': 'Pay {amount} from your balance for {name}',
  'paymentPassword.buyLeft': '{left} will be left in your balance.',
  'paymentPassword.withdraw': 'Withdraw {amount} to {card}',
  'paymentPassword.withdrawReceived': 'You receive {received} after the {fee} fee.',
  'paymentPassword.give': 'Give {name} ({relation}) the {card} walking insurance, {amount} of cover',
  'paymentPassword.giveNote': 'Once given it cannot be taken back or given to anyone else.',
  'paymentPassword.digits': 'Payment password, 6 digits',
  'paymentPassword.checking': 'Checking…',
  'paymentPassword.forgot': 'Forgot it?',
  'paymentPassword.needed':
    'This needs a payment password, and you have not set one yet. It takes a minute with a code sent to your phone, and you come back here afterwards.',
  'paymentPassword.setNow': 'Set a payment password',
  'paymentPassword.lockedUntil':
    'Too many wrong tries: your payment password is locked until {time}. You can reset it now with a code sent to your phone.',
  'paymentPassword.resetNow': 'Reset it',
  // The page.
  'paymentPassword.about':
    'Six digits you type to pay from your balance, to withdraw, and to give a policy to family. It is not your login password.',
  'paymentPassword.status': 'Status',
  'paymentPassword.notSet': 'Not set',
  'paymentPassword.setOn': 'Set on {date}',
  'paymentPassword.lockedOn': 'Locked until {time}',
  'paymentPassword.lockedHint': 'Too many wrong tries. Set a new one below to unlock it at once.',
  'paymentPassword.formSet': 'Set your payment password',
  'paymentPassword.formReset': 'Change or reset it',
  'paymentPassword.codeHint': 'A 6-digit code goes by SMS to your account’s number.',
  'paymentPassword.code': 'Code from the SMS',
  'paymentPassword.new': 'New payment password',
  'paymentPassword.repeat': 'New payment password again',
  'paymentPassword.rule': 'Six digits, not all the same (111111) and not a run such as 123456 or 987654.',
  'paymentPassword.error.code': 'Enter the 6-digit code from the SMS',
  'paymentPassword.error.digits': 'The payment password is 6 digits',
  'paymentPassword.error.simple': 'Too easy to guess: avoid one digit repeated or a run such as 123456',
  'paymentPassword.save': 'Save',
  'paymentPassword.saved': 'Payment password saved',
} as const satisfies Readonly<Record<`${PaymentPasswordPrefix}${string}`, string>>;

export type PaymentPasswordKey = keyof typeof paymentPassword;
export type PaymentPasswordMessages = Readonly<Record<PaymentPasswordKey, string>>;
