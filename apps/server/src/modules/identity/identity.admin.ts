import type { IdentityImageKind } from '@stride/contract';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { BinaryAnswer } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import type { FieldCipher } from '../../lib/secrets.js';
import type { FilesService } from '../files/files.service.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService, StateChange } from '../audit/audit.service.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import type { IdentityListRow, IdentityRepository, IdentityRow } from './identity.repository.js';

export type ReviewDecision = { approve: true } | { approve: false; reason: string };

/** What the record of a decision on a check names: the action, the user, and a rejection's reason. */
function decisionRecord(check: 'identity' | 'face', userId: string, decision: ReviewDecision) {
  return {
    action: decision.approve ? (`${check}.approve` as const) : (`${check}.reject` as const),
    subjectType: check,
    subjectId: userId,
    ...(decision.approve ? {} : { detail: { reason: decision.reason } }),
  };
}

/** Operators' side of real-name and face checks: the lists to review and the decisions. */
export class IdentityAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: IdentityRepository,
    private readonly files: FilesService,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly cipher: FieldCipher,
    /** Told after a user's `real_name_status` changed: the session cache forgets the user. */
    private readonly userChanged: (userId: string) => void,
  ) {}

  listForReview(
    filter: { status?: string | undefined; faceStatus?: string | undefined },
    limit = 100,
  ): Promise<IdentityListRow[]> {
    return this.repository.list(this.db, filter, limit);
  }

  /**
   * One private image of a check still waiting for a reviewer: the ID photos while the identity
   * or the face check is pending (a manual face check compares them), the face image while the
   * face check is pending. Decided checks show nothing. The look is recorded.
   */
  async viewImage(operator: string, userId: string, kind: IdentityImageKind): Promise<BinaryAnswer> {
    const row = await this.repository.find(this.db, userId);
    const facePending = row?.face_status === 'pending';
    let fileId: string | null = null;
    if (row && kind === 'face') fileId = facePending ? row.face_file_id : null;
    else if (row && (row.status === 'pending' || facePending)) {
      fileId = kind === 'front' ? row.front_file_id : row.back_file_id;
    }
    if (!fileId) throw new OperatorError(`No ${kind} image of a pending check for user ${userId}`);
    const file = await this.files.readAny(fileId).catch((error: unknown) => {
      if (error instanceof AppError) throw new OperatorError(`No stored ${kind} image for user ${userId}`);
      throw error;
    });
    await this.audit.recordLook({
      operator,
      action: 'identity.view-image',
      subjectType: 'identity',
      subjectId: userId,
      detail: { kind, fileId },
    });
    return { contentType: file.contentType, body: file.body };
  }

  /**
   * A pending identity check opened for review, with the whole ID number decrypted for the
   * reviewer to compare with the photos (decision 080 "A console a new operator can read"). The look is recorded in the
   * same read; a decided check or an unknown user shows nothing and records nothing.
   */
  async openCase(operator: string, userId: string): Promise<{ row: IdentityListRow; idNumber: string }> {
    const row = await this.repository.findWithAccount(this.db, userId);
    if (!row || row.status !== 'pending') throw new OperatorError(`No pending identity check for user ${userId}`);
    const idNumber = this.cipher.decrypt(row.id_number_encrypted);
    await this.audit.recordLook({
      operator,
      action: 'identity.view-case',
      subjectType: 'identity',
      subjectId: userId,
    });
    return { row, idNumber };
  }

  /** The user row's `real_name_status` follows in the same transaction (the registrar reads it). */
  async review(operator: string, userId: string, decision: ReviewDecision): Promise<void> {
    const status = decision.approve ? 'verified' : 'rejected';
    await this.decidePending(
      operator,
      userId,
      { status: 'pending' },
      (now) => ({
        status,
        reject_reason: decision.approve ? null : decision.reason,
        reviewed_at: now,
        reviewed_by: operator,
      }),
      {
        lost: (current) => `The identity check of ${userId} is ${current.status}, not pending`,
        apply: async (trx, now) => {
          await this.repository.setUserStatus(trx, userId, status);
          await this.tell(trx, userId, 'identity', now, decision);
        },
        record: () => ({
          ...decisionRecord('identity', userId, decision),
          before: { status: 'pending' },
          after: { status, ...(decision.approve ? {} : { reason: decision.reason }) },
        }),
      },
    );
    this.notifications.nudge(); // the decision's push, now committed
    this.userChanged(userId);
  }

  /** The face image, if any, is deleted once decided either way. */
  async reviewFace(operator: string, userId: string, decision: ReviewDecision): Promise<void> {
    await this.decidePending(
      operator,
      userId,
      { face_status: 'pending' },
      (now) => ({
        face_status: decision.approve ? 'verified' : 'rejected',
        face_reject_reason: decision.approve ? null : decision.reason,
        face_reviewed_at: now,
      }),
      {
        lost: (current) => `The face check of ${userId} is ${current.face_status}, not pending`,
        apply: async (trx, now) => {
          const faceFileId = (await this.repository.find(trx, userId))?.face_file_id;
          if (faceFileId) await this.files.deleteBytes(trx, faceFileId);
          await this.tell(trx, userId, 'face', now, decision);
        },
        record: () => decisionRecord('face', userId, decision),
      },
    );
    this.notifications.nudge(); // the decision's push, now committed
  }

  /** A decision on a user's check, taken once and only while the check is still pending. */
  private decidePending(
    operator: string,
    userId: string,
    pending: { status: 'pending' } | { face_status: 'pending' },
    decided: (now: number) => Updateable<IdentityRow>,
    step: Pick<StateChange<IdentityRow, void>, 'lost' | 'apply' | 'record'>,
  ): Promise<void> {
    return this.audit.changeState({
      operator,
      change: (trx, now) => this.repository.transition(trx, userId, pending, decided(now)),
      reread: (trx) => this.repository.find(trx, userId),
      missing: `No identity check for user ${userId}`,
      ...step,
    });
  }

  /**
   * Tells the user of a decision on a check, with the reason of a rejection. A rejected user may submit again: each
   * decision is its own event, named by its time.
   */
  private async tell(
    trx: Executor,
    userId: string,
    check: 'identity' | 'face',
    now: number,
    decision: ReviewDecision,
  ): Promise<void> {
    const page = check === 'identity' ? NOTIFICATION_PAGES.realname : NOTIFICATION_PAGES.face;
    const event = { userId, dedupeKey: `${check}.decided:${now}`, link: { path: page } };
    if (decision.approve) await this.notifications.record(trx, { ...event, kind: `${check}.approved`, params: {} });
    else
      await this.notifications.record(trx, {
        ...event,
        kind: `${check}.rejected`,
        params: { reason: decision.reason },
      });
  }
}
