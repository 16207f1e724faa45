import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { commitStats, poolStats, type Db } from '../../db/database.js';
import type { EconomyCover } from '../economy/economy.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { OutboxSender } from '../outbox/outbox.service.js';

/** One job queue's state at scrape time, as a queue reports it. */
export interface QueueStats {
  /** The queue or job's name: a fixed word, never an id. */
  name: string;
  waiting: number;
  active: number;
  /** Jobs that failed for good (no retry left) and are still kept. */
  failed: number;
}

/** Connected wearable accounts per provider at scrape time (decision 086 "Connected wearable accounts"). */
export interface StepConnectionStats {
  provider: string;
  active: number;
  revoked: number;
  lagSeconds: number;
}

/** Read at every scrape; a background job queue registers one with `registerQueueMetrics`. */
export type QueueMetricsSource = () => Promise<QueueStats[]>;

/** The label of a request no route matched: never the raw address, which can carry anything. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds; from a cached read (1 ms) to a slow upload. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The server's Prometheus metrics (decision 056 "Metrics, liveness apart from readiness, draining on shutdown"; what
 * they mean and what to alert on: docs/operations.md). Requests are counted by route pattern, status and envelope code
 * as they end; everything else is read when scraped: the database pool, the outbox and job queues, the
 * ledger's totals, and Node's own process metrics (memory, event-loop lag, garbage collection).
 * A source that fails while scraped leaves its metrics out and sets `stride_metrics_source_up` 0
 * for it, so one slow table never hides the rest.
 */
export class MetricsService {
  readonly registry = new Registry();
  private readonly duration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly requests: Counter<'method' | 'route' | 'status_code' | 'code'>;
  private readonly queueSources: QueueMetricsSource[] = [];
  /** What is read from the database and the queues at each scrape, by source name. */
  private readonly sources = new Map<string, { gauges: Gauge[]; read: () => Promise<void> }>();
  private readonly sourceUp: Gauge<'source'>;
  private readonly stepSyncs: Counter<'provider' | 'result'>;

  constructor(
    db: Db,
    dialect: 'sqlite' | 'postgres',
    private readonly ledger: LedgerService,
    private readonly outbox: OutboxSender,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    this.duration = new Histogram({
      name: 'stride_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and HTTP status.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.requests = new Counter({
      name: 'stride_http_requests_total',
      help: 'Requests answered, by route pattern, method, HTTP status and envelope code ("none" for answers that are not an envelope).',
      labelNames: ['method', 'route', 'status_code', 'code'],
      registers,
    });

    this.sourceUp = new Gauge({
      name: 'stride_metrics_source_up',
      help: 'Whether a source of scrape-time metrics answered this scrape (1) or failed (0).',
      labelNames: ['source'],
      registers,
    });

    this.stepSyncs = new Counter({
      name: 'stride_step_syncs_total',
      help: 'Syncs of connected wearable accounts by provider and result (ok, error, rateLimited, revoked).',
      labelNames: ['provider', 'result'],
      registers,
    });

    new Gauge({
      name: 'stride_db_info',
      help: 'The database this server runs on (sqlite: one in-process connection, no pool).',
      labelNames: ['dialect'],
      registers,
    }).set({ dialect }, 1);
    if (dialect === 'postgres') {
      const pool = (name: string, help: string, pick: (stats: NonNullable<ReturnType<typeof poolStats>>) => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            const stats = poolStats(db);
            if (stats) this.set(pick(stats));
          },
        });
      pool('stride_db_pool_connections', 'PostgreSQL connections open (idle or in use).', (s) => s.total);
      pool('stride_db_pool_idle_connections', 'PostgreSQL connections open and idle.', (s) => s.idle);
      pool(
        'stride_db_pool_waiting_requests',
        'Queries waiting for a free PostgreSQL connection; above zero for long, the pool is the bottleneck.',
        (s) => s.waiting,
      );
      pool('stride_db_pool_max_connections', 'The most PostgreSQL connections this server opens.', (s) => s.max);
    } else {
      // SQLite commits the writes that arrive together once (decision 069 "SQLite commits the writes that arrive
      // together once"): members per commit is the second counter's rate over the first's.
      const commits = (
        name: string,
        help: string,
        pick: (stats: NonNullable<ReturnType<typeof commitStats>>) => number,
      ) =>
        new Counter({
          name,
          help,
          registers,
          collect() {
            const stats = commitStats(db);
            if (!stats) return;
            // The driver counts; the counter reports its total.
            this.reset();
            this.inc(pick(stats));
          },
        });
      commits('stride_db_commits_total', 'SQLite commits that reached the disk.', (s) => s.commits);
      commits(
        'stride_db_commit_members_total',
        'Transactions and single writes those commits carried (several share one commit).',
        (s) => s.members,
      );
    }

    const outboxMessages = new Gauge({
      name: 'stride_outbox_messages',
      help: 'Outbox messages by channel: pending (waiting for delivery) and failed (given up after the last attempt).',
      labelNames: ['channel', 'status'],
      registers,
    });
    const outboxOldest = new Gauge({
      name: 'stride_outbox_oldest_pending_seconds',
      help: 'How long the oldest pending outbox message of a channel has waited.',
      labelNames: ['channel'],
      registers,
    });
    this.sources.set('outbox', {
      gauges: [outboxMessages, outboxOldest],
      read: async () => {
        const stats = await this.outbox.queueStats();
        outboxMessages.reset();
        outboxOldest.reset();
        for (const { channel, pending, failed, oldestPendingSeconds } of stats) {
          outboxMessages.set({ channel, status: 'pending' }, pending);
          outboxMessages.set({ channel, status: 'failed' }, failed);
          outboxOldest.set({ channel }, oldestPendingSeconds);
        }
      },
    });

    const queueJobs = new Gauge({
      name: 'stride_job_queue_jobs',
      help: 'Background jobs per queue: waiting, active, and failed for good.',
      labelNames: ['queue', 'state'],
      registers,
    });
    this.sources.set('jobs', {
      gauges: [queueJobs],
      read: async () => {
        const all = await Promise.all(this.queueSources.map((source) => source()));
        queueJobs.reset();
        for (const { name, waiting, active, failed } of all.flat()) {
          queueJobs.set({ queue: name, state: 'waiting' }, waiting);
          queueJobs.set({ queue: name, state: 'active' }, active);
          queueJobs.set({ queue: name, state: 'failed' }, failed);
        }
      },
    });

    const liabilities = new Gauge({
      name: 'stride_ledger_liabilities',
      help: "What users hold, per asset, in its smallest unit (CNY in fen, POINTS in points): the service's liabilities.",
      labelNames: ['asset'],
      registers,
    });
    const systemBalance = new Gauge({
      name: 'stride_ledger_system_balance',
      help: 'Each system account of the ledger (funding, sales, payouts, ...), per asset, in its smallest unit.',
      labelNames: ['account', 'asset'],
      registers,
    });
    this.sources.set('ledger', {
      gauges: [liabilities, systemBalance],
      read: async () => {
        const totals = await this.ledger.systemTotals();
        liabilities.reset();
        systemBalance.reset();
        for (const [asset, total] of Object.entries(totals.liabilities)) liabilities.set({ asset }, total);
        for (const { name, asset, balance } of totals.system) systemBalance.set({ account: name, asset }, balance);
      },
    });
  }

  /** Counts one answered request; `route` is the route's pattern (`UNMATCHED_ROUTE` when none). */
  observe(method: string, route: string, statusCode: number, envelopeCode: number | undefined, seconds: number): void {
    const status = String(statusCode);
    this.duration.observe({ method, route, status_code: status }, seconds);
    this.requests.inc({
      method,
      route,
      status_code: status,
      code: envelopeCode === undefined ? 'none' : String(envelopeCode),
    });
  }

  /**
   * Adds a background job queue's depth and failures to every scrape (`stride_job_queue_jobs`).
   * The source is called once per scrape; it should read counts, not list jobs.
   */
  registerQueueMetrics(source: QueueMetricsSource): void {
    this.queueSources.push(source);
  }

  /** Counts one sync of a connected wearable account (decision 086 "Connected wearable accounts"). */
  countStepSync(provider: string, result: string): void {
    this.stepSyncs.inc({ provider, result });
  }

  /**
   * Adds connected wearable accounts to every scrape (decision 086 "Connected wearable accounts"): connections per
   * provider by status (`stride_step_connections`) and how late the most overdue sync is
   * (`stride_step_sync_lag_seconds`), read from the database as the console's health view is.
   */
  registerStepConnectionMetrics(source: () => Promise<StepConnectionStats[]>): void {
    const registers = [this.registry];
    const connections = new Gauge({
      name: 'stride_step_connections',
      help: 'Connected wearable accounts per provider: active (syncing) and revoked (the provider withdrew access).',
      labelNames: ['provider', 'status'],
      registers,
    });
    const lag = new Gauge({
      name: 'stride_step_sync_lag_seconds',
      help: 'How long the most overdue active connection of a provider has waited past its sync time (0 when none is late).',
      labelNames: ['provider'],
      registers,
    });
    this.sources.set('stepConnections', {
      gauges: [connections, lag],
      read: async () => {
        const stats = await source();
        connections.reset();
        lag.reset();
        for (const row of stats) {
          connections.set({ provider: row.provider, status: 'active' }, row.active);
          connections.set({ provider: row.provider, status: 'revoked' }, row.revoked);
          lag.set({ provider: row.provider }, row.lagSeconds);
        }
      },
    });
  }

  /**
   * Adds the economy's cover to every scrape (docs/console/economy.md): `stride_economy_cover_weeks`, the weeks the
   * reserve lasts once everything owed is paid at the pace of the last 14 days (absent while nothing costs anything),
   * `stride_economy_alert` (1 below ECONOMY_ALERT_WEEKS), and the reserve available and everything owed in minor
   * units. The source keeps what it read for a minute.
   */
  registerEconomyMetrics(source: () => Promise<EconomyCover>): void {
    const registers = [this.registry];
    const weeks = new Gauge({
      name: 'stride_economy_cover_weeks',
      help: 'Weeks of cover: the reserve left once everything owed is paid, over the cost of a week at the pace of the last 14 days.',
      registers,
    });
    const alert = new Gauge({
      name: 'stride_economy_alert',
      help: 'Whether the weeks of cover are fewer than ECONOMY_ALERT_WEEKS (1) or not (0).',
      registers,
    });
    const money = new Gauge({
      name: 'stride_economy_money',
      help: 'The economy in minor units: the reserve available, everything owed, and the cost of a week at the current pace.',
      labelNames: ['figure'],
      registers,
    });
    this.sources.set('economy', {
      gauges: [weeks, alert, money],
      read: async () => {
        const cover = await source();
        weeks.reset();
        if (cover.weeks !== null) weeks.set(cover.weeks);
        alert.set(cover.alert ? 1 : 0);
        money.set({ figure: 'reserve' }, cover.available);
        money.set({ figure: 'owed' }, cover.owed);
        money.set({ figure: 'weekly_cost' }, cover.weeklyCost);
      },
    });
  }

  /**
   * The exposition text and its content type. The sources are read first, all at once; one that
   * fails is marked down and its metrics are left out rather than shown stale.
   */
  async render(): Promise<{ contentType: string; body: string }> {
    await Promise.all(
      [...this.sources].map(async ([source, { gauges, read }]) => {
        try {
          await read();
          this.sourceUp.set({ source }, 1);
        } catch {
          for (const gauge of gauges) gauge.reset();
          this.sourceUp.set({ source }, 0);
        }
      }),
    );
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Stops what the default metrics started (the event-loop delay monitor). */
  close(): void {
    this.registry.clear();
  }
}
