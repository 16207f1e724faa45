import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/modules/index.js';
import type { Db } from '../../apps/server/src/db/database.js';
import type { Clock } from '../../apps/server/src/lib/clock.js';
import { seedDemo } from '../../apps/server/src/seed/demo-seed.js';
import {
  rasterCaptchaGenerator,
  type CaptchaGenerator,
  type CaptchaImage,
} from '../../apps/server/src/modules/captcha/captcha.service.js';

const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const CONSOLE_DIST = fileURLToPath(new URL('../../apps/console/dist', import.meta.url));

/** A captcha whose answers the journey can read, the way a person reads the picture. */
export class ReadableCaptcha implements CaptchaGenerator {
  last = '';
  private counter = 0;
  create() {
    this.counter += 1;
    this.last = `w${(1000 + this.counter).toString(36)}`.slice(0, 4);
    return {
      text: this.last,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="44"><rect width="120" height="44" fill="#eef"/><text x="20" y="30" font-size="22">${this.last}</text></svg>`,
    };
  }
}

/**
 * The production captcha (decision 075 "A captcha people can read"), with each answer written down as it is drawn: the
 * journey that shows people's pictures types what a person would read in them.
 */
export class RecordedCaptcha implements CaptchaGenerator {
  last = '';
  readonly answers: string[] = [];
  async create(): Promise<CaptchaImage> {
    const image = await rasterCaptchaGenerator.create();
    this.last = image.text;
    this.answers.push(image.text);
    return image;
  }
}

export interface RunningServer {
  app: FastifyInstance;
  baseUrl: string;
  captcha: ReadableCaptcha | RecordedCaptcha;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** Share one database between servers (a primary and a backup host). */
  db?: Db;
  /** Serve the built web app too (default true). */
  serveWeb?: boolean;
  corsOrigins?: string[];
  appSecret?: string;
  /** Collects `METHOD url` of every answered request. */
  calls?: string[];
  /** `operator`: identity and face checks wait for an operator (the demo default is `auto`). */
  identityReview?: 'auto' | 'operator';
  /** More configuration, as environment variables (e.g. `WITHDRAWAL_SECOND_APPROVAL_ABOVE`). */
  env?: Record<string, string>;
  /** Draw the production captcha (pictures as people see them) instead of a readable one. */
  realCaptcha?: boolean;
  /** Listen on this port rather than any free one: a server started again keeps its origin (and the service worker the browser holds for it). */
  port?: number;
  /** The server's time, for a journey that lets days pass (a challenge that ends and is settled). */
  clock?: Clock;
}

/** The real server, the built web app and console on one loopback origin, with a fresh SQLite file. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stride-e2e-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STRIDE_MODE: 'demo',
    LOG_LEVEL: 'silent',
    WEB_DIST: options.serveWeb === false ? '' : WEB_DIST,
    CONSOLE_DIST: options.serveWeb === false ? '' : CONSOLE_DIST,
    HOST: '127.0.0.1',
    PORT: '0',
    // The journeys read sign-up and reset codes of fresh accounts from the outbox page; a journey
    // may ask for a number's reset code a moment after its sign-up code, all from one address.
    DEMO_OUTBOX_ALL: 'true',
    SMS_CODE_RESEND_SECONDS: '1',
    SMS_CODE_DAILY_MAX_PER_ADDRESS: '1000',
    CORS_ORIGINS: (options.corsOrigins ?? []).join(','),
    ...(options.appSecret ? { APP_SECRET: options.appSecret } : {}),
    ...(options.identityReview ? { IDENTITY_REVIEW: options.identityReview } : {}),
    ...options.env,
  });
  const captcha = options.realCaptcha ? new RecordedCaptcha() : new ReadableCaptcha();
  const app = await createApp({
    config,
    captchaGenerator: captcha,
    ...(options.db ? { db: options.db } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await seedDemo(app.services);
  const calls = options.calls;
  if (calls) {
    app.addHook('onResponse', (request, _reply, done) => {
      calls.push(`${request.method} ${request.url}`);
      done();
    });
  }
  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  return {
    app,
    baseUrl: address,
    captcha,
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
