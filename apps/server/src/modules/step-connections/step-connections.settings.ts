import { z } from 'zod';
import { defineSettings, isLoopbackUrl, type FrameConfig, type Mode, type StartupProblems } from '../../config.js';

/** Where a provider's OAuth redirect lands: the Step sources page, which finishes the connection. */
export const STEP_CONNECTION_REDIRECT_PATH = '/pages-sub/steps/sources';

// Connected wearable accounts (decision 086 "Connected wearable accounts", docs/product/step-sources.md): each provider
// is on when its client id and secret are both set; how often each connection is synced, how often
// the server looks for due syncs, and each call's timeout.
const StepConnectionsEnv = z.object({
  HUAWEI_HEALTH_CLIENT_ID: z.string().trim().min(1).optional().meta({
    description:
      "The OAuth 2.0 client id of an app with Health Kit's step data (read) approved on HUAWEI Developers: users can then connect a Huawei account on Step sources (decision 086). Set with `HUAWEI_HEALTH_CLIENT_SECRET` or not at all; start-up names a missing one. Register `PUBLIC_URL` + `/pages-sub/steps/sources` as the app's redirect URI.",
    defaultText: 'unset',
  }),
  HUAWEI_HEALTH_CLIENT_SECRET: z.string().trim().min(1).optional().meta({
    description:
      'The OAuth 2.0 client secret of the Huawei app (with `HUAWEI_HEALTH_CLIENT_ID`, or neither; decision 086). Keep the secret out of the repository.',
    defaultText: 'unset',
  }),
  HUAWEI_OAUTH_URL: z
    .url()
    .default('https://oauth-login.cloud.huawei.com')
    .describe(
      "HUAWEI ID's OAuth service; tests and journeys point it at the local stand-in (`node --import tsx apps/server/fakes/huawei-health.ts`). Production mode requires `https://`, except to an address on this machine.",
    ),
  HUAWEI_HEALTH_API_URL: z
    .url()
    .default('https://health-api.cloud.huawei.com')
    .describe(
      "Health Kit's REST API; tests and journeys point it at the local stand-in (`node --import tsx apps/server/fakes/huawei-health.ts`). Production mode requires `https://`, except to an address on this machine.",
    ),
  FITBIT_CLIENT_ID: z.string().trim().min(1).optional().meta({
    description:
      'A Fitbit "Server" application\'s OAuth 2.0 client id: users can then connect a Fitbit account (decision 086). Set with `FITBIT_CLIENT_SECRET` or not at all. Register `PUBLIC_URL` + `/pages-sub/steps/sources` as its redirect URL.',
    defaultText: 'unset',
  }),
  FITBIT_CLIENT_SECRET: z.string().trim().min(1).optional().meta({
    description:
      "The Fitbit application's OAuth 2.0 client secret (with `FITBIT_CLIENT_ID`, or neither; decision 086). It also checks each notification's `X-Fitbit-Signature`.",
    defaultText: 'unset',
  }),
  FITBIT_AUTHORIZE_URL: z
    .url()
    .default('https://www.fitbit.com')
    .describe(
      "Fitbit's authorization page; the local stand-in is `node --import tsx apps/server/fakes/fitbit.ts`. Production mode requires `https://`, except to an address on this machine.",
    ),
  FITBIT_API_URL: z
    .url()
    .default('https://api.fitbit.com')
    .describe(
      "Fitbit's Web API (token, revoke, profile, steps, subscriptions); the local stand-in is `node --import tsx apps/server/fakes/fitbit.ts`. Production mode requires `https://`, except to an address on this machine.",
    ),
  FITBIT_SUBSCRIBER_VERIFICATION_CODE: z.string().trim().min(1).optional().meta({
    description:
      "The verification code Fitbit shows for the app's subscriber (answered 204 to `?verify=` with it, 404 otherwise). Without a subscriber, Fitbit accounts are polled only.",
    defaultText: 'unset',
  }),
  FITBIT_SUBSCRIBER_ID: z.string().trim().min(1).optional().meta({
    description: "The subscriber's id, sent as `X-Fitbit-Subscriber-Id` when the app has more than one.",
    defaultText: 'unset',
  }),
  STEP_SYNC_EVERY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_440)
    .default(60)
    .describe('Each connected account is synced this often (sooner after a Fitbit notification).'),
  STEP_SYNC_POLL_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600)
    .default(60)
    .describe('The server looks for due syncs this often (`0`: never on its own).'),
  STEP_PROVIDER_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .describe('Each call to Huawei or Fitbit gives up after this long; the sync then backs off and tries again.'),
});

type Env = z.output<typeof StepConnectionsEnv>;

/**
 * Connected wearable accounts (decision 086 "Connected wearable accounts"): a provider is on when its client id and
 * secret are both set, and one without the other joins the start-up problems. Tokens travel to the provider:
 * production refuses a plain-http address except to this machine (a local stand-in). The
 * redirect address is built from PUBLIC_URL like every link, else from HOST and PORT.
 */
function stepConnectionSettings(
  e: Env,
  frame: Pick<FrameConfig, 'publicUrl' | 'host' | 'port'>,
  mode: Mode,
  problems: StartupProblems,
) {
  const pair = (idName: string, secretName: string, id: string | undefined, secret: string | undefined) => {
    if (id === undefined && secret === undefined) return null;
    problems.requireAll(e, [idName, secretName], `${idName} and ${secretName} are set together (decision 086).`);
    return id !== undefined && secret !== undefined ? { clientId: id, clientSecret: secret } : null;
  };
  const requireHttps = (names: Array<[string, string]>) => {
    if (mode !== 'production') return;
    for (const [name, value] of names) {
      if (!value.startsWith('https://') && !isLoopbackUrl(value)) {
        problems.refuse(`${name} must be an https:// address in production mode.`);
      }
    }
  };
  const huaweiPair = pair(
    'HUAWEI_HEALTH_CLIENT_ID',
    'HUAWEI_HEALTH_CLIENT_SECRET',
    e.HUAWEI_HEALTH_CLIENT_ID,
    e.HUAWEI_HEALTH_CLIENT_SECRET,
  );
  const fitbitPair = pair('FITBIT_CLIENT_ID', 'FITBIT_CLIENT_SECRET', e.FITBIT_CLIENT_ID, e.FITBIT_CLIENT_SECRET);
  if (huaweiPair) {
    requireHttps([
      ['HUAWEI_OAUTH_URL', e.HUAWEI_OAUTH_URL],
      ['HUAWEI_HEALTH_API_URL', e.HUAWEI_HEALTH_API_URL],
    ]);
  }
  if (fitbitPair) {
    requireHttps([
      ['FITBIT_AUTHORIZE_URL', e.FITBIT_AUTHORIZE_URL],
      ['FITBIT_API_URL', e.FITBIT_API_URL],
    ]);
  }
  const host = ['0.0.0.0', '::', '[::]'].includes(frame.host) ? 'localhost' : frame.host;
  const origin = frame.publicUrl
    ? frame.publicUrl.replace(/\/+$/, '')
    : `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${frame.port}`;
  return {
    /** The redirect_uri registered with each provider: the Step sources page. */
    redirectUri: `${origin}${STEP_CONNECTION_REDIRECT_PATH}`,
    syncEveryMinutes: e.STEP_SYNC_EVERY_MINUTES,
    /** How often the server looks for due syncs; 0: never on its own (tests sync by hand). */
    pollSeconds: e.STEP_SYNC_POLL_SECONDS,
    timeoutMs: e.STEP_PROVIDER_TIMEOUT_MS,
    huawei: huaweiPair ? { ...huaweiPair, oauthUrl: e.HUAWEI_OAUTH_URL, apiUrl: e.HUAWEI_HEALTH_API_URL } : null,
    fitbit: fitbitPair
      ? {
          ...fitbitPair,
          authorizeUrl: e.FITBIT_AUTHORIZE_URL,
          apiUrl: e.FITBIT_API_URL,
          /** What Fitbit's subscriber verification sends in `?verify=` (answered 204; anything else 404). */
          subscriberVerificationCode: e.FITBIT_SUBSCRIBER_VERIFICATION_CODE ?? null,
          /** Sent as X-Fitbit-Subscriber-Id when the app has more than one subscriber. */
          subscriberId: e.FITBIT_SUBSCRIBER_ID ?? null,
        }
      : null,
  };
}

export const stepConnectionsSettings = defineSettings(StepConnectionsEnv, (e, { mode, frame, problems }) => ({
  /**
   * Connected wearable accounts: Huawei Health Kit and Fitbit, each null unless configured (decision 086 "Connected
   * wearable accounts").
   */
  stepConnections: stepConnectionSettings(e, frame, mode, problems),
}));

export type StepConnectionsSettings = ReturnType<typeof stepConnectionsSettings.read>;
