import type {
  ConsoleInviteReward,
  InviteCluster,
  InviteGraph,
  InviteRewardStatus,
  RingAccount,
} from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import { AppError, notFound } from '../../http/errors.js';
import { isoTime } from '../../lib/clock.js';
import { maskMobile } from '../../lib/secrets.js';
import type { AuditService } from '../audit/audit.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { InviteGraphUser, InviteRewardRow, InvitesRepository } from './invites.repository.js';
import { sharesBetween, type InviteRings, type StoredSignal } from './invites.rings.js';
import type { InvitesService } from './invites.service.js';

export interface InviteeView {
  id: string;
  /** Always masked: the invitee is another person than the user looked at. */
  account: string;
  joinedAt: string;
  qualified: boolean;
  rewardPoints: number;
}

/** The invite graph around an account: levels above it and below the top, and the accounts it shows at most. */
const GRAPH_UP = 2;
const GRAPH_DOWN = 4;
const GRAPH_MAX = 60;
/** Accounts a masked number answers at most, and the inviters with held rewards listed. */
const MATCHES_SHOWN = 20;
const CLUSTERS_SHOWN = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseSignals(json: string | null): StoredSignal[] {
  return json === null ? [] : (JSON.parse(json) as StoredSignal[]);
}

/**
 * The operators' side of invites: a user's invitees for the console's user page (decision 026 "User care in the
 * operator console"); and the reviewers' side of referral rings (docs/console/reviewer.md, Invite rings; decision 101
 * "Referral rings caught"): held rewards with their evidence, the decision on one (a compare-and-set on its status,
 * paid through the invites service, told to both sides and recorded, in one transaction), and the invite graph.
 */
export class InvitesAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: InvitesRepository,
    private readonly invites: InvitesService,
    private readonly rings: InviteRings,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
  ) {}

  async invitees(inviterId: string, limit: number): Promise<InviteeView[]> {
    const rows = await this.repository.listInvitees(this.db, inviterId, limit);
    return rows.map((row) => ({
      id: row.id,
      account: maskMobile(row.account),
      joinedAt: isoTime(row.created_at),
      qualified: row.qualified_at !== null,
      rewardPoints: row.status === 'paid' ? Number(row.points ?? 0) : 0,
    }));
  }

  /** Held rewards oldest first, or decided ones newest first, with the signals that held each. */
  async heldRewards(status: 'held' | 'decided', page: { page: number; pageSize: number }) {
    const { rows, total } = await this.repository.reviewQueue(this.db, status, pageWindow(page));
    return pageResult(await this.toConsole(rows), page, total);
  }

  /** Releases (both sides paid, once) or refuses a held reward; both sides are told. A decided one answers 1017. */
  async decide(
    operator: string,
    inviteeId: string,
    input: { decision: 'release' | 'refuse'; note?: string | undefined },
  ): Promise<ConsoleInviteReward> {
    const found = await this.repository.findReward(this.db, inviteeId);
    // Only a reward a ring held is decided here; one paid at once never was.
    if (!found || found.signals === null) throw notFound();
    const status = input.decision === 'release' ? 'paid' : 'refused';
    const note = input.note?.trim() ? input.note.trim() : undefined;
    const { row } = await this.audit.changeState<InviteRewardRow, { paid: number; row: InviteRewardRow }>({
      operator,
      change: (trx, now) =>
        this.repository.decideHeld(trx, inviteeId, { status, decided_at: now, operator_id: this.audit.actorId() }),
      reread: (trx) => this.repository.findReward(trx, inviteeId),
      missing: `No invite reward of ${inviteeId}`,
      lost: () => {
        throw new AppError('STALE_EDIT', 'staleEdit');
      },
      apply: async (trx) => {
        const paidEach = await this.invites.settleHeld(trx, found, input.decision);
        return { paid: paidEach, row: (await this.repository.findReward(trx, inviteeId)) ?? found };
      },
      record: (result) => ({
        action: `invite-reward.${input.decision}`,
        subjectType: 'invite-reward',
        subjectId: inviteeId,
        detail: {
          userId: inviteeId,
          inviterId: found.inviter_id,
          day: found.day,
          signals: parseSignals(found.signals).map((signal) => signal.signal),
          // Paid to each side (none when refused).
          points: result.paid,
          note,
        },
        before: { status: 'held', points: Number(found.points) },
        after: { status, paidEach: result.paid, ...(note ? { note } : {}) },
      }),
    });
    this.notifications.nudge();
    const [view] = await this.toConsole([row]);
    if (!view) throw notFound();
    return view;
  }

  // ---- Appeals of a held or refused reward (decision 102 "Appeals with a deadline") ----

  /** A reward a ring held or a reviewer refused, of an invitation `userId` is a side of: what an appeal may be about. */
  async appealableReward(db: Executor, userId: string, inviteeId: string): Promise<InviteRewardRow | undefined> {
    const row = await this.repository.findReward(db, inviteeId);
    const isSide = row?.invitee_id === userId || row?.inviter_id === userId;
    return isSide && row?.signals != null && (row.status === 'held' || row.status === 'refused') ? row : undefined;
  }

  /** The held reward as the Invite rings screen shows it: the evidence beside its appeal. */
  async rewardEvidence(db: Executor, inviteeId: string): Promise<ConsoleInviteReward | null> {
    const row = await this.repository.findReward(db, inviteeId);
    return row?.signals != null ? ((await this.toConsole([row]))[0] ?? null) : null;
  }

  /**
   * An appeal's decision on the reward, in the appeal's transaction: granted, a held or refused reward is paid to both
   * sides (as a release); refused, a held one is refused and a refused one stays. A reward paid meanwhile stays paid
   * (granted) or makes the refusal stale (1017).
   */
  async settleAppeal(
    trx: Executor,
    inviteeId: string,
    decision: 'grant' | 'refuse',
    now: number,
  ): Promise<{ before: string; after: string; points: number }> {
    const row = await this.repository.findReward(trx, inviteeId);
    if (!row) throw notFound();
    const before = row.status;
    const after = decision === 'grant' ? 'paid' : 'refused';
    if (before === after) return { before, after, points: 0 };
    if (before === 'paid') throw new AppError('STALE_EDIT', 'staleEdit');
    const values = { status: after, decided_at: now, operator_id: this.audit.actorId() } as const;
    if (!(await this.repository.decideHeld(trx, inviteeId, values, before as 'held' | 'refused'))) {
      throw new AppError('STALE_EDIT', 'staleEdit');
    }
    const points = await this.invites.settleHeld(trx, row, decision === 'grant' ? 'release' : 'refuse');
    return { before, after, points };
  }

  /**
   * The invite graph around the account `q` names (its id, or its masked number as the console shows it): a masked
   * number of several accounts answers them to choose from. Without `q`: the inviters with the most held rewards. Each
   * graph shown is a recorded look.
   */
  async graph(operator: string, q: string | undefined) {
    if (!q) return { matches: [], clusters: await this.clusters(), graph: null };
    const matches = await this.find(q);
    const [only] = matches;
    const graph = matches.length === 1 && only ? await this.graphAround(only.userId) : null;
    if (graph) {
      await this.audit.recordLook({
        operator,
        action: 'invite-graph.view',
        subjectType: 'user',
        subjectId: graph.focus,
        detail: { userIds: graph.nodes.map((node) => node.userId) },
      });
    }
    return { matches, clusters: [] as InviteCluster[], graph };
  }

  private async find(q: string): Promise<RingAccount[]> {
    if (UUID.test(q)) {
      const user = await this.repository.findUser(this.db, q.toLowerCase());
      return user ? [{ userId: user.id, mobile: maskMobile(user.account) }] : [];
    }
    const rows = await this.repository.usersByMaskedNumber(
      this.db,
      q.slice(0, 3),
      q.slice(-4),
      q.length,
      MATCHES_SHOWN,
    );
    return rows
      .filter((row) => maskMobile(row.account) === q)
      .map((row) => ({ userId: row.id, mobile: maskMobile(row.account) }));
  }

  private async clusters(): Promise<InviteCluster[]> {
    const rows = await this.repository.largestHolds(this.db, CLUSTERS_SHOWN);
    const mobiles = await this.audit.maskedMobiles(rows.map((row) => row.inviter_id));
    return rows.map((row) => ({
      inviter: { userId: row.inviter_id, mobile: mobiles.get(row.inviter_id) ?? '' },
      held: row.held,
      invitees: row.invitees,
    }));
  }

  /** Up to GRAPH_UP accounts above the focus, then the tree below the top, level by level, at most GRAPH_MAX. */
  private async graphAround(focusId: string): Promise<InviteGraph | null> {
    const focus = await this.repository.findUser(this.db, focusId);
    if (!focus) return null;
    const path: InviteGraphUser[] = [focus];
    for (let top = focus; path.length <= GRAPH_UP && top.invited_by;) {
      const above = await this.repository.findUser(this.db, top.invited_by);
      if (!above) break;
      path.unshift(above);
      top = above;
    }
    const nodes = new Map(path.map((user) => [user.id, user]));
    let truncated = path[0]?.invited_by != null;
    let level = path.slice(0, 1).map((user) => user.id);
    for (let depth = 1; depth <= GRAPH_DOWN && level.length > 0; depth += 1) {
      const children = await this.repository.inviteesOf(this.db, level, GRAPH_MAX + 1);
      const onPath = path[depth];
      const next = new Set<string>(onPath ? [onPath.id] : []);
      for (const child of children) {
        if (!nodes.has(child.id) && nodes.size >= GRAPH_MAX) truncated = true;
        else {
          nodes.set(child.id, child);
          next.add(child.id);
        }
      }
      if (children.length > GRAPH_MAX) truncated = true;
      level = [...next];
    }
    if (level.length > 0 && (await this.repository.inviteesOf(this.db, level, 1)).length > 0) truncated = true;
    const users = [...nodes.values()];
    const ids = users.map((user) => user.id);
    const [rewards, traits] = await Promise.all([
      this.repository.rewardsOf(this.db, ids),
      this.rings.traits(this.db, ids),
    ]);
    const rewardOf = new Map(rewards.map((row) => [row.invitee_id, row]));
    const links: InviteGraph['links'] = [];
    ids.forEach((a, index) => {
      for (const b of ids.slice(index + 1)) {
        const shares = sharesBetween(traits.get(a), traits.get(b));
        if (shares.length > 0) links.push({ a, b, shares });
      }
    });
    return {
      focus: focus.id,
      nodes: users.map((user) => {
        const reward = rewardOf.get(user.id);
        return {
          userId: user.id,
          mobile: maskMobile(user.account),
          invitedBy: user.invited_by !== null && nodes.has(user.invited_by) ? user.invited_by : null,
          joinedAt: isoTime(Number(user.created_at)),
          reward: reward ? { status: reward.status as InviteRewardStatus, points: Number(reward.points) } : null,
        };
      }),
      links,
      truncated,
    };
  }

  private async toConsole(rows: readonly InviteRewardRow[]): Promise<ConsoleInviteReward[]> {
    const signalsOf = new Map(rows.map((row) => [row.invitee_id, parseSignals(row.signals)]));
    const mobiles = await this.audit.maskedMobiles(
      rows.flatMap((row) => [
        row.invitee_id,
        row.inviter_id,
        ...(signalsOf.get(row.invitee_id) ?? []).flatMap((signal) => signal.userIds),
      ]),
    );
    const account = (userId: string): RingAccount => ({ userId, mobile: mobiles.get(userId) ?? '' });
    return rows.map((row) => ({
      id: row.invitee_id,
      invitee: account(row.invitee_id),
      inviter: account(row.inviter_id),
      day: row.day,
      points: Number(row.points),
      status: row.status as InviteRewardStatus,
      signals: (signalsOf.get(row.invitee_id) ?? []).map((signal) => ({
        signal: signal.signal,
        shares: signal.shares,
        accounts: signal.userIds.map(account),
        count: signal.count,
        devices: signal.devices,
        minutes: signal.minutes,
      })),
      heldAt: isoTime(Number(row.created_at)),
      decidedAt: row.decided_at === null ? null : isoTime(Number(row.decided_at)),
    }));
  }
}
