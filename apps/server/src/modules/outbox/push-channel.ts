/**
 * The outbox's `push` channel (decision 048 "Web Push"): a row's recipient is a push subscription's id, its
 * body the JSON payload (already in the user's language), its params the push service's `ttl`
 * (seconds) and `urgency`. The push module delivers it; the deliverer only retries.
 */
export interface PushDeliveryOptions {
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

/**
 * A push that was not delivered. `permanent`: trying again cannot help (the subscription is gone:
 * the push service answered 404 or 410, or it was removed meanwhile), so the row fails at once.
 */
export class PushDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'PushDeliveryError';
  }
}

/** Sends one queued push to its subscription; resolves once the push service accepted it. */
export interface PushTransport {
  deliver(subscriptionId: string, payload: string, options: PushDeliveryOptions, signal: AbortSignal): Promise<void>;
}

export function pushOptionsOf(params: Record<string, string>): PushDeliveryOptions {
  const urgency = params.urgency;
  return {
    ttl: Number(params.ttl ?? 0) || 0,
    urgency: urgency === 'very-low' || urgency === 'low' || urgency === 'high' ? urgency : 'normal',
  };
}
