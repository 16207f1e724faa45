import {
  consoleFaceApprove,
  consoleFaceChecksPending,
  consoleFaceReject,
  consoleIdentityApprove,
  consoleIdentityCase,
  consoleIdentityImage,
  consoleIdentityPending,
  consoleIdentityReject,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { isoTime } from '../../lib/clock.js';
import { maskMobile } from '../../lib/secrets.js';
import { consoleHandler } from '../../http/console-handler.js';
import { OperatorError } from '../../http/operator-error.js';
import type { AuditService } from '../audit/audit.service.js';
import type { IdentityAdmin, ReviewDecision } from './identity.admin.js';
import type { IdentityListRow } from './identity.repository.js';

/** As `consoleHandler` answers an operator's refusal: a business rule with its text. */
function consoleRefusal(error: unknown): unknown {
  return error instanceof OperatorError ? new AppError('BUSINESS_RULE', 'businessRule', {}, error.message) : error;
}

/** Whose check a reviewer reads, as the console names a user (decision 080 "A console a new operator can read"). */
function reviewedUser(row: IdentityListRow) {
  return {
    userId: row.user_id,
    account: row.account,
    userMobileMasked: maskMobile(row.account),
    name: row.name,
    idNumberMasked: row.id_number_masked,
  };
}

/**
 * The reviewers' console endpoints of the identity module (decision 027 "The console's dashboard"): the identity queue
 * and its decisions, the ID photos of a pending check, and the face-check queue.
 */
export function registerIdentityConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { audit: AuditService; admin: { identity: IdentityAdmin } },
): void {
  const { audit, admin } = deps;
  const handle = consoleHandler(endpoints, audit);

  /** A queue of pending checks; names and masked ID numbers are personal data, so the look is recorded. */
  async function pendingQueue(operator: string, queue: 'identity' | 'face'): Promise<IdentityListRow[]> {
    const rows = await admin.identity.listForReview(
      queue === 'identity' ? { status: 'pending' } : { faceStatus: 'pending' },
    );
    await audit.recordLook({
      operator,
      action: `${queue}.view-pending`,
      subjectType: queue,
      subjectId: 'pending',
      detail: { userIds: rows.map((row) => row.user_id) },
    });
    return rows;
  }

  handle(consoleIdentityPending, async ({ operator }) =>
    (await pendingQueue(operator.name, 'identity')).map((row) => ({
      ...reviewedUser(row),
      status: row.status,
      submittedAt: isoTime(row.submitted_at),
    })),
  );

  /**
   * A reviewer's two decisions on a pending check, identity or face (their endpoints have one shape); each answers only
   * that it is done.
   */
  function decisions(
    approve: typeof consoleIdentityApprove,
    reject: typeof consoleIdentityReject,
    decide: (operator: string, userId: string, decision: ReviewDecision) => Promise<void>,
  ): void {
    handle(approve, async ({ operator, params }) => {
      await decide(operator.name, params.userId, { approve: true });
      return { done: true as const };
    });
    handle(reject, async ({ operator, params, body }) => {
      await decide(operator.name, params.userId, { approve: false, reason: body.reason });
      return { done: true as const };
    });
  }

  decisions(consoleIdentityApprove, consoleIdentityReject, (...args) => admin.identity.review(...args));

  // Binary answers go through the registrar directly; the actor is set the same way.
  endpoints.handleBinary(consoleIdentityImage, async ({ operator, params }) => {
    try {
      return await audit.as({ operatorId: operator.id, source: 'console' }, () =>
        admin.identity.viewImage(operator.name, params.userId, params.kind),
      );
    } catch (error) {
      throw consoleRefusal(error);
    }
  });

  handle(consoleFaceChecksPending, async ({ operator }) =>
    (await pendingQueue(operator.name, 'face'))
      .sort((a, b) => (a.face_submitted_at ?? 0) - (b.face_submitted_at ?? 0))
      .map((row) => ({
        ...reviewedUser(row),
        method: row.face_method === 'face' ? ('face' as const) : ('manual' as const),
        hasFaceImage: row.face_file_id !== null,
        submittedAt: isoTime(row.face_submitted_at ?? row.submitted_at),
      })),
  );

  // The whole ID number of one pending check, for the reviewer comparing it with the photos; each
  // opening is recorded (decision 080 "A console a new operator can read"). The queue itself keeps the number masked.
  handle(consoleIdentityCase, async ({ operator, params }) => {
    const { row, idNumber } = await admin.identity.openCase(operator.name, params.userId);
    return {
      ...reviewedUser(row),
      idNumber,
      status: row.status,
      submittedAt: isoTime(row.submitted_at),
    };
  });

  decisions(consoleFaceApprove, consoleFaceReject, (...args) => admin.identity.reviewFace(...args));
}
