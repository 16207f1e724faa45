import {
  disconnectStepConnection,
  finishStepConnection,
  listStepConnections,
  startStepConnection,
  syncStepConnection,
} from '@stride/contract';
import type { FastifyInstance } from 'fastify';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { parseFitbitNotifications, verifyFitbitSignature } from './providers/fitbit.js';
import type { StepConnectionsService } from './step-connections.service.js';
import { STEP_CONNECTION_REDIRECT_PATH } from './step-connections.settings.js';

/** Connected wearable accounts: the user's endpoints (the contract's step-sources file). */
export function registerStepConnectionRoutes(
  endpoints: EndpointRegistrar,
  deps: { stepConnections: StepConnectionsService },
): void {
  const { stepConnections } = deps;

  endpoints.handle(listStepConnections, ({ user, language }) => stepConnections.list(user.id, language));

  endpoints.handle(startStepConnection, ({ user, body, language }) =>
    stepConnections.start(user.id, body.provider, language),
  );

  endpoints.handle(finishStepConnection, ({ user, body, language }) => stepConnections.finish(user.id, body, language));

  endpoints.handle(syncStepConnection, ({ user, params, language }) =>
    stepConnections.syncNow(user.id, params.id, language),
  );

  endpoints.handle(disconnectStepConnection, ({ user, params }) => stepConnections.disconnect(user.id, params.id));
}

/** What a provider's redirect may carry back to the Step sources page (RFC 6749, 4.1.2 and 4.1.2.1). */
const REDIRECT_PARAMS = ['state', 'code', 'error'] as const;

/**
 * Where a provider sends the browser back (`config.stepConnections.redirectUri`; decision 086 "Connected wearable
 * accounts"): an OAuth redirect address cannot carry a fragment, and the web app's address is its hash
 * (docs/product/client.md), so this path answers a redirect to the Step sources page with the
 * provider's answer in the page's query. Only `state`, `code` and `error` pass, each at most 2,000
 * characters; the page then calls `finish` with the user's session.
 */
export function registerConnectionRedirect(app: FastifyInstance): void {
  app.get(STEP_CONNECTION_REDIRECT_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const kept = new URLSearchParams();
    for (const name of REDIRECT_PARAMS) {
      const value = query[name];
      if (typeof value === 'string' && value.length > 0 && value.length <= 2000) kept.set(name, value);
    }
    const search = kept.size > 0 ? `?${kept.toString()}` : '';
    return reply.header('cache-control', 'no-store').redirect(`/#${STEP_CONNECTION_REDIRECT_PATH}${search}`, 302);
  });
}

/** Fitbit's notifications are small JSON arrays; anything larger is not one. */
export const FITBIT_NOTIFICATION_MAX_BYTES = 256 * 1024;

/**
 * Fitbit's subscriber endpoint (decision 086 "Connected wearable accounts"; docs/operations.md, Connected accounts):
 * raw routes, not envelope endpoints, as Fitbit speaks to them. `GET ?verify=CODE` answers 204 for the
 * configured verification code and 404 otherwise (Fitbit's verification of the subscriber). `POST`
 * keeps the body raw for the `X-Fitbit-Signature` check: a forged or unsigned one answers 404 and
 * changes nothing; a signed one answers 204 at once, with each activities notification making the
 * account's connection due and a sync pass asked for.
 */
export function registerFitbitNotifications(
  app: FastifyInstance,
  deps: {
    stepConnections: StepConnectionsService;
    fitbit: { clientSecret: string; subscriberVerificationCode: string | null } | null;
  },
): void {
  const { stepConnections, fitbit } = deps;
  const path = '/api/providers/fitbit/notifications';
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: FITBIT_NOTIFICATION_MAX_BYTES },
      (_request, body, next) => next(null, body),
    );
    scope.get(path, async (request, reply) => {
      const verify = (request.query as Record<string, unknown>).verify;
      const code = fitbit?.subscriberVerificationCode ?? null;
      const known = code !== null && code !== '' && verify === code;
      return reply.code(known ? 204 : 404).send();
    });
    scope.post(path, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-fitbit-signature'];
      if (
        fitbit === null ||
        !verifyFitbitSignature(raw, typeof signature === 'string' ? signature : undefined, fitbit.clientSecret)
      ) {
        request.log.warn({ provider: 'fitbit' }, 'fitbit notification refused: signature');
        return reply.code(404).send();
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = null;
      }
      const notifications = parseFitbitNotifications(body);
      if (!notifications) {
        request.log.warn({ provider: 'fitbit' }, 'fitbit notification not understood');
        return reply.code(204).send();
      }
      const owners = notifications.filter((item) => item.collectionType === 'activities').map((item) => item.ownerId);
      const marked = await stepConnections.notified('fitbit', owners);
      request.log.info({ provider: 'fitbit', notifications: notifications.length, marked }, 'fitbit notification');
      return reply.code(204).send();
    });
    done();
  });
}
