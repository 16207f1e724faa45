/**
 * What an SMS provider is given: the number, the template kind and its parameters (decision 034 "SMS delivery and
 * codes").
 */
export const SMS_TEMPLATES = ['register', 'reset', 'payment'] as const;
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];

export function isSmsTemplate(value: string | null): value is SmsTemplate {
  return (SMS_TEMPLATES as readonly (string | null)[]).includes(value);
}

export interface SmsMessage {
  recipient: string;
  template: SmsTemplate;
  params: Record<string, string>;
}

/**
 * A delivery that did not happen. `permanent`: trying again cannot help (a number the provider
 * refuses, a template or a key it does not know), so the message fails at once.
 */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

/** Hands a message to a cloud SMS service; resolves once the service accepted it, throws otherwise. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage, signal: AbortSignal): Promise<void>;
}
