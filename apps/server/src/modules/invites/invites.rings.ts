import { INVITE_SHARES, type InviteRingSignal, type InviteShare } from '@stride/contract';
import type { Executor } from '../../db/executor.js';
import { MINUTE_MS } from '../../lib/clock.js';
import { networkBlock } from '../../lib/network-block.js';
import { normalisedAddress } from '../addresses/addresses.service.js';
import type { InvitesRepository, RingTraitRows } from './invites.repository.js';
import type { InvitesSettings } from './invites.settings.js';

/** A signal as a held reward keeps it (invite_rewards.signals): the accounts by id, at most EVIDENCE_ACCOUNTS. */
export interface StoredSignal {
  signal: InviteRingSignal;
  shares: InviteShare[];
  userIds: string[];
  count: number;
  devices: number | null;
  minutes: number | null;
}

/** What one account has that another may share, by kind (device ids, card hashes, addresses, network blocks). */
export type Traits = Readonly<Record<InviteShare, ReadonlySet<string>>>;

/** The accounts a signal names at most (its count says how many it concerns). */
const EVIDENCE_ACCOUNTS = 50;
/** The sign-ups and device pairs a check reads at most: beyond them the signal has long matched. */
const SIGN_UPS_READ = 1_000;
const DEVICE_PAIRS_READ = 5_000;

function signal(
  kind: InviteRingSignal,
  userIds: readonly string[],
  extra: Partial<Pick<StoredSignal, 'shares' | 'devices' | 'minutes'>> = {},
): StoredSignal {
  return {
    signal: kind,
    shares: extra.shares ?? [],
    userIds: userIds.slice(0, EVIDENCE_ACCOUNTS),
    count: userIds.length,
    devices: extra.devices ?? null,
    minutes: extra.minutes ?? null,
  };
}

/** Each account's traits from the rows; the network block is the sign-up's (the account's first consent). */
export function traitsOf(rows: RingTraitRows, userIds: readonly string[]): Map<string, Traits> {
  const sets = new Map(
    userIds.map((id) => [id, Object.fromEntries(INVITE_SHARES.map((share) => [share, new Set<string>()]))]),
  ) as Map<string, Record<InviteShare, Set<string>>>;
  for (const row of rows.devices) sets.get(row.user_id)?.device.add(row.device);
  for (const row of rows.cards) sets.get(row.user_id)?.card.add(row.account_hash);
  for (const row of rows.addresses) sets.get(row.user_id)?.address.add(normalisedAddress(row));
  const signedUp = new Set<string>();
  for (const row of rows.signUps) {
    if (signedUp.has(row.user_id)) continue;
    signedUp.add(row.user_id);
    const block = networkBlock(row.client_address);
    if (block) sets.get(row.user_id)?.network.add(block);
  }
  return sets;
}

/** What two accounts share, in INVITE_SHARES' order. */
export function sharesBetween(a: Traits | undefined, b: Traits | undefined): InviteShare[] {
  if (!a || !b) return [];
  return INVITE_SHARES.filter((share) => [...a[share]].some((value) => b[share].has(value)));
}

/**
 * The referral-ring check of one invite reward (docs/product/referral-rings.md; decision 101 "Referral rings caught"):
 * the signals that hold it for a reviewer, none when it pays at once. Invitations only point to older accounts, so the
 * invite graph is a forest and a "ring" is a chain of invitations among accounts that share a device, a card, an
 * address or a network block, never a cycle.
 */
export class InviteRings {
  constructor(
    private readonly repository: InvitesRepository,
    private readonly config: InvitesSettings['inviteRings'],
  ) {}

  async traits(db: Executor, userIds: readonly string[]): Promise<Map<string, Traits>> {
    return traitsOf(await this.repository.ringTraits(db, userIds), userIds);
  }

  /** The signals that hold the reward of `inviteeId`, whom `inviterId` invited. */
  async assess(db: Executor, inviteeId: string, inviterId: string): Promise<StoredSignal[]> {
    const signals = await this.shared(db, inviteeId, inviterId);
    const burst = await this.burst(db, inviteeId, inviterId);
    if (burst) signals.push(burst);
    const few = await this.fewDevices(db, inviterId);
    if (few) signals.push(few);
    return signals;
  }

  /** The invitee shares something with the inviter (`shared`) or with an account further up the chain (`chain`). */
  private async shared(db: Executor, inviteeId: string, inviterId: string): Promise<StoredSignal[]> {
    const { shared, chainDepth } = this.config;
    if (shared.length === 0) return [];
    const above = await this.chainAbove(db, inviterId, chainDepth);
    const traits = await this.traits(db, [inviteeId, inviterId, ...above]);
    const holding = (other: string) =>
      sharesBetween(traits.get(inviteeId), traits.get(other)).filter((share) => shared.includes(share));
    const signals: StoredSignal[] = [];
    const direct = holding(inviterId);
    if (direct.length > 0) signals.push(signal('shared', [inviteeId, inviterId], { shares: direct }));
    above.forEach((ancestor, index) => {
      const shares = holding(ancestor);
      const chain = [inviteeId, inviterId, ...above.slice(0, index + 1)];
      if (shares.length > 0) signals.push(signal('chain', chain, { shares }));
    });
    return signals;
  }

  /** The inviter's inviter and theirs, up to `depth` accounts (the graph is a forest: it ends). */
  private async chainAbove(db: Executor, inviterId: string, depth: number): Promise<string[]> {
    const above: string[] = [];
    let current = inviterId;
    while (above.length < depth) {
      const next = await this.repository.findInviter(db, current);
      if (!next) break;
      above.push(next);
      current = next;
    }
    return above;
  }

  /**
   * More than `burstSignUps` of the inviter's invitees signed up within one window of `burstMinutes` that holds the
   * invitee's own sign-up.
   */
  private async burst(db: Executor, inviteeId: string, inviterId: string): Promise<StoredSignal | null> {
    const { burstSignUps, burstMinutes } = this.config;
    if (burstSignUps === 0) return null;
    const invitee = await this.repository.findUser(db, inviteeId);
    if (!invitee) return null;
    const at = Number(invitee.created_at);
    const window = burstMinutes * MINUTE_MS;
    const rows = await this.repository.signUpsBetween(db, inviterId, at - window, at + window, SIGN_UPS_READ);
    const times = rows.map((row) => Number(row.created_at));
    let best: { from: number; to: number } | null = null;
    for (let from = 0, to = 0; from < times.length && (times[from] ?? 0) <= at; from += 1) {
      // The window starting at this sign-up holds the invitee's, which is at most `window` after it.
      to = Math.max(to, from);
      while (to + 1 < times.length && (times[to + 1] ?? 0) <= (times[from] ?? 0) + window) to += 1;
      if ((times[to] ?? 0) < at) continue;
      if (!best || to - from > best.to - best.from) best = { from, to };
    }
    if (!best || best.to - best.from + 1 <= burstSignUps) return null;
    const ids = rows.slice(best.from, best.to + 1).map((row) => row.id);
    return signal('burst', ids, { minutes: burstMinutes });
  }

  /** At least `fewDevicesInvitees` of the inviter's invitees report steps from `fewDevices` devices (the busiest). */
  private async fewDevices(db: Executor, inviterId: string): Promise<StoredSignal | null> {
    const { fewDevicesInvitees, fewDevices } = this.config;
    if (fewDevicesInvitees === 0) return null;
    const pairs = await this.repository.inviteeDevices(db, inviterId, DEVICE_PAIRS_READ);
    const byDevice = new Map<string, Set<string>>();
    for (const { device, user_id: userId } of pairs) {
      const users = byDevice.get(device) ?? new Set<string>();
      users.add(userId);
      byDevice.set(device, users);
    }
    const busiest = [...byDevice.values()].sort((a, b) => b.size - a.size).slice(0, fewDevices);
    const invitees = new Set(busiest.flatMap((users) => [...users]));
    if (invitees.size < fewDevicesInvitees) return null;
    return signal('fewDevices', [...invitees], { devices: busiest.length });
  }
}
