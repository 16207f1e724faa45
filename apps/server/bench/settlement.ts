// The settlement of a large challenge (docs/product/challenges.md; decision 095 "Challenge summaries and prize
// pools"): a funded `daily-goal` challenge of a week with CHALLENGE_PARTICIPANTS participants, seeded with bulk
// inserts, settled by the service as the challenges' pass runs it, on a fresh database. Measures the time to settle
// (results fixed, every finisher paid through the ledger, everyone told, the remainder returned) and the process's
// resident memory at its peak meanwhile.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../src/db/database.js';
import { buildServices, type Config } from '../src/modules/index.js';
import { FixedClock, onEachDatabase, onFreshDatabase } from './fresh-database.js';

export const CHALLENGE_PARTICIPANTS = Number(process.env.BENCH_CHALLENGE_PARTICIPANTS ?? 100_000);
const DAYS = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'];
const POOL = 10_000_000;
/** Users a batch of inserts writes (a batch's days stay under SQLite's 32,766 parameters). */
const BATCH = 500;

/** Users, a week of days each (three in five reaching 5,000 steps every day), the funded challenge and its participants. */
async function seed(db: Db, challengeId: string, now: number): Promise<void> {
  await db
    .insertInto('challenges')
    .values({
      id: challengeId,
      scope: 'public',
      kind: 'daily-goal',
      title: 'Bench walk',
      creator_user_id: null,
      club_id: null,
      code: null,
      starts_on: DAYS[0]!,
      ends_on: DAYS.at(-1)!,
      daily_steps: 5_000,
      days_needed: 5,
      winners: null,
      prize_points: POOL,
      fund: 'bench',
      funded_at: now,
      status: 'open',
      participant_count: CHALLENGE_PARTICIPANTS,
      team_count: 0,
      created_by: 'bench',
      created_at: now,
    })
    .execute();
  for (let start = 0; start < CHALLENGE_PARTICIPANTS; start += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, CHALLENGE_PARTICIPANTS - start) }, () => randomUUID());
    await db
      .insertInto('users')
      .values(
        ids.map((id, index) => ({
          id,
          account: `135${String(start + index).padStart(8, '0')}`,
          password_hash: 'bench',
          invite_code: randomBytes(6).toString('hex').toUpperCase(),
          invited_by: null,
          real_name_status: 'none',
          created_at: now,
          frozen_at: null,
          frozen_by: null,
          frozen_reason: null,
          version: 1,
          nickname: null,
          avatar_file_id: null,
        })),
      )
      .execute();
    await db
      .insertInto('step_days')
      .values(
        ids.flatMap((id, index) =>
          DAYS.map((day, back) => ({
            user_id: id,
            day,
            // Three in five reach the goal every day; the others never do.
            steps: (start + index) % 5 < 3 ? 6_000 + back * 10 + ((start + index) % 997) : 3_000 + back,
            source: 'web',
            collected_points: 0,
            reported_at: now,
          })),
        ),
      )
      .execute();
    await db
      .insertInto('challenge_participants')
      .values(
        ids.map((id, index) => ({
          challenge_id: challengeId,
          user_id: id,
          club_id: null,
          joined_at: now + start + index,
          steps: 0,
          pending_steps: 0,
          goal_days: 0,
          pending_days: 0,
        })),
      )
      .execute();
  }
}

/** One line: the settlement's time and the peak resident memory while it ran. */
function settleOn(label: string, database: Config['database']): Promise<string> {
  return onFreshDatabase(database, async (db, config) => {
    const seeded = Date.parse('2026-11-23T10:00:00+08:00');
    const challengeId = randomUUID();
    const seedStart = performance.now();
    await seed(db, challengeId, seeded);
    const services = buildServices(config, db, { clock: new FixedClock(Date.parse('2026-12-02T12:00:00+08:00')) });
    await services.ledger.transfer({
      kind: 'challenge.fund',
      legs: [
        { account: { kind: 'system', name: 'prizes:bench', asset: 'POINTS' }, amount: -POOL },
        { account: { kind: 'system', name: `challenge:${challengeId}`, asset: 'POINTS' }, amount: POOL },
      ],
      idempotencyKey: `challenge.fund:${challengeId}`,
    });
    const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
    process.stdout.write(
      `${label}: seeded ${CHALLENGE_PARTICIPANTS.toLocaleString('en-US')} participants in ${seconds(seedStart)} s\n`,
    );
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const result = await services.challengeSettlement.settleDue();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const took = seconds(started);
    const row = await db.selectFrom('challenges').selectAll().where('id', '=', challengeId).executeTakeFirstOrThrow();
    if (row.status !== 'settled' || result.paid !== row.winners_count) {
      throw new Error(`the challenge is ${row.status}, ${result.paid} of ${String(row.winners_count)} paid`);
    }
    const report = await services.ledger.checkInvariants();
    if ((Object.values(report) as string[][]).some((list) => list.length > 0))
      throw new Error(`ledger: ${JSON.stringify(report)}`);
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    return `| ${label}: settling a funded daily-goal challenge of ${CHALLENGE_PARTICIPANTS.toLocaleString('en-US')} participants (7 days each), ${result.paid.toLocaleString('en-US')} finishers paid, everyone told | ${took} s; resident memory ${mb(before)} → ${mb(peak)} MB at its peak (process maxRSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB) |`;
  });
}

/** The settlement lines, on SQLite and on a throwaway PostgreSQL server (`only`: one of them). */
export function settlementLines(only: string | undefined): Promise<string[]> {
  return onEachDatabase(only, async (label, database) => [await settleOn(label, database)]);
}
