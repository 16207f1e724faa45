import type { Db } from '../../db/database.js';
import { isoTime } from '../../lib/clock.js';
import { maskMobile } from '../../lib/secrets.js';
import type { InvitesRepository } from './invites.repository.js';

export interface InviteeView {
  id: string;
  /** Always masked: the invitee is another person than the user looked at. */
  account: string;
  joinedAt: string;
  qualified: boolean;
  rewardPoints: number;
}

/**
 * The operators' side of invites: a user's invitees for the console's user page (decision 026 "User care in the
 * operator console").
 */
export class InvitesAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: InvitesRepository,
  ) {}

  async invitees(inviterId: string, limit: number): Promise<InviteeView[]> {
    const rows = await this.repository.listInvitees(this.db, inviterId, limit);
    return rows.map((row) => ({
      id: row.id,
      account: maskMobile(row.account),
      joinedAt: isoTime(row.created_at),
      qualified: row.qualified_at !== null,
      rewardPoints: Number(row.points ?? 0),
    }));
  }
}
