import {
  consoleFaceApprove,
  consoleFaceChecksPending,
  consoleFaceReject,
  consoleIdentityCase,
  consoleIdentityImage,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { isoTime } from '../../lib/clock.js';
import { maskMobile } from '../../lib/secrets.js';
import { consoleHandler } from '../operators/console-handler.js';
import { OperatorError } from '../operators/operator-error.js';
import type { OperatorsService } from '../operators/operators.service.js';
import type { IdentityAdmin } from './identity.admin.js';

/** As `consoleHandler` answers an operator's refusal: a business rule with its text. */
function consoleRefusal(error: unknown): unknown {
  return error instanceof OperatorError ? new AppError('BUSINESS_RULE', 'businessRule', {}, error.message) : error;
}

/**
 * The reviewers' console endpoints of the identity module (decision 027 "The console's dashboard"): the ID photos of a
 * pending check, and the face-check queue. The identity queue itself stays in the console module.
 */
export function registerIdentityConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { operators: OperatorsService; admin: { identity: IdentityAdmin } },
): void {
  const { operators, admin } = deps;
  const handle = consoleHandler(endpoints, operators);

  // Binary answers go through the registrar directly; the actor is set the same way.
  endpoints.handleBinary(consoleIdentityImage, async ({ operator, params }) => {
    try {
      return await operators.as({ operatorId: operator.id, source: 'console' }, () =>
        admin.identity.viewImage(operator.name, params.userId, params.kind),
      );
    } catch (error) {
      throw consoleRefusal(error);
    }
  });

  handle(consoleFaceChecksPending, async ({ operator }) => {
    const rows = await admin.identity.listForReview({ faceStatus: 'pending' });
    // Names and masked ID numbers are personal data: the look is recorded.
    await operators.recordLook({
      operator: operator.name,
      action: 'face.view-pending',
      subjectType: 'face',
      subjectId: 'pending',
      detail: { userIds: rows.map((row) => row.user_id) },
    });
    return rows
      .sort((a, b) => (a.face_submitted_at ?? 0) - (b.face_submitted_at ?? 0))
      .map((row) => ({
        userId: row.user_id,
        account: row.account,
        userMobileMasked: maskMobile(row.account),
        name: row.name,
        idNumberMasked: row.id_number_masked,
        method: row.face_method === 'face' ? ('face' as const) : ('manual' as const),
        hasFaceImage: row.face_file_id !== null,
        submittedAt: isoTime(row.face_submitted_at ?? row.submitted_at),
      }));
  });

  // The whole ID number of one pending check, for the reviewer comparing it with the photos; each
  // opening is recorded (decision 080 "A console a new operator can read"). The queue itself keeps the number masked.
  handle(consoleIdentityCase, async ({ operator, params }) => {
    const { row, idNumber } = await admin.identity.openCase(operator.name, params.userId);
    return {
      userId: row.user_id,
      account: row.account,
      userMobileMasked: maskMobile(row.account),
      name: row.name,
      idNumberMasked: row.id_number_masked,
      idNumber,
      status: row.status,
      submittedAt: isoTime(row.submitted_at),
    };
  });

  handle(consoleFaceApprove, async ({ operator, params }) => {
    await admin.identity.reviewFace(operator.name, params.userId, { approve: true });
    return { done: true as const };
  });

  handle(consoleFaceReject, async ({ operator, params, body }) => {
    await admin.identity.reviewFace(operator.name, params.userId, { approve: false, reason: body.reason });
    return { done: true as const };
  });
}
