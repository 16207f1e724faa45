import webpush from 'web-push';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { PushDeliveryError, type PushDeliveryOptions, type PushTransport } from '../outbox/push-channel.js';
import type { PushRepository } from './push.repository.js';
import type { PushSettings } from './push.settings.js';

/**
 * The outbox's `push` channel (decision 048 "Web Push"): encrypts the payload for the subscription
 * (aes128gcm) and signs a VAPID header with `web-push`, then posts it to the push service. A 201
 * (any 2xx) is delivered; 404 or 410 means the subscription has expired or was revoked: it is
 * removed and the row fails for good; anything else counts a failure and the deliverer retries.
 * Redirects are not followed: the post goes to the endpoint that was checked, nowhere else.
 */
export class WebPushTransport implements PushTransport {
  constructor(
    private readonly db: Db,
    private readonly repository: PushRepository,
    private readonly clock: Clock,
    private readonly config: PushSettings,
  ) {}

  async deliver(subscriptionId: string, payload: string, options: PushDeliveryOptions, signal: AbortSignal) {
    const subscription = await this.repository.findById(this.db, subscriptionId);
    if (!subscription) throw new PushDeliveryError('subscription removed', true);
    const { publicKey, privateKey, subject } = this.config.webPush;
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          TTL: options.ttl,
          urgency: options.urgency,
          contentEncoding: 'aes128gcm',
          vapidDetails: { subject, publicKey, privateKey },
        },
      );
    } catch (error) {
      // Keys no browser would have given (the subscribe call checks them): no retry can help.
      throw new PushDeliveryError(`cannot encrypt for this subscription: ${String(error)}`, true);
    }
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal,
      });
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      await this.repository.recordFailure(this.db, subscription.id);
      throw error;
    }
    if (response.status === 404 || response.status === 410) {
      await this.repository.deleteById(this.db, subscription.id);
      throw new PushDeliveryError(`push service answered ${response.status}: subscription removed`, true);
    }
    if (response.status < 200 || response.status > 299) {
      await this.repository.recordFailure(this.db, subscription.id);
      throw new PushDeliveryError(`push service answered ${response.status}`);
    }
    await this.repository.recordSuccess(this.db, subscription.id, this.clock.now());
  }
}
