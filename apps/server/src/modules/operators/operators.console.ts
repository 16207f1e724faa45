import {
  consoleAudit,
  consoleChangePassword,
  consoleCreateOperator,
  consoleDismissSignInLock,
  consoleLiftOperatorSignInLock,
  consoleLogin,
  consoleLogout,
  consoleMe,
  consoleOperators,
  consoleResetOperatorSecondFactor,
  consoleRoleGrantApprove,
  consoleRoleGrantReject,
  consoleRoleGrants,
  consoleSetOperatorDisabled,
  consoleSetOperatorRoles,
  consoleTotpConfirm,
  consoleTotpEnrol,
  type ConsoleMe,
} from '@stride/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FrameConfig } from '../../config.js';
import { CONSOLE_COOKIE, type ConsoleOperator, type EndpointRegistrar } from '../../http/endpoints.js';
import { isoTime } from '../../lib/clock.js';
import { maskMobile } from '../../lib/secrets.js';
import { consoleHandler } from '../../http/console-handler.js';
import type { AuditService } from '../audit/audit.service.js';
import { type OperatorsService, type OperatorView } from './operators.service.js';
import type { OperatorsSettings } from './operators.settings.js';

function me(operator: ConsoleOperator): ConsoleMe {
  return {
    id: operator.id,
    name: operator.name,
    roles: operator.roles,
    csrfToken: operator.csrfToken,
    totpEnrolled: operator.totpEnrolled,
    stage: operator.stage,
    passwordChangeRequired: operator.passwordChangeRequired,
    signInLock: operator.signInLock && { ...operator.signInLock, at: isoTime(operator.signInLock.at) },
  };
}

function operatorAnswer(view: OperatorView) {
  return {
    ...view,
    createdAt: isoTime(view.createdAt),
    signInLockedUntil: view.signInLockedUntil === null ? null : isoTime(view.signInLockedUntil),
    rolesChangedAt: view.rolesChangedAt === null ? null : isoTime(view.rolesChangedAt),
  };
}

function parseJson(value: string | null): unknown {
  return value === null ? null : (JSON.parse(value) as unknown);
}

/** HttpOnly and SameSite=Strict always; Secure when the console is reached over https. */
function setCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: FrameConfig,
  token: string,
  maxAge: number,
): void {
  const secure = config.publicUrl?.startsWith('https:') || request.protocol === 'https';
  reply.header(
    'set-cookie',
    `${CONSOLE_COOKIE}=${token}; Path=/api/console; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? '; Secure' : ''}`,
  );
}

export function registerOperatorsConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: {
    operators: OperatorsService;
    audit: AuditService;
    config: FrameConfig & OperatorsSettings;
  },
): void {
  const { operators: service, audit, config } = deps;
  const maxAge = config.console.sessionIdleHours * 3600;

  const handle = consoleHandler(endpoints, audit);

  handle(consoleLogin, async ({ body, request, reply }) => {
    const result = await service.login(body, request.ip);
    if (result.secondFactorRequired) return { secondFactorRequired: true, me: null };
    setCookie(reply, request, config, result.token, maxAge);
    return { secondFactorRequired: false, me: me(result.operator) };
  });

  handle(consoleLogout, async ({ operator, request, reply }) => {
    await service.logout(operator.sessionId);
    setCookie(reply, request, config, '', 0);
    return { done: true as const };
  });

  handle(consoleMe, ({ operator }) => Promise.resolve(me(operator)));

  handle(consoleTotpEnrol, ({ operator }) => service.enrol(operator));

  handle(consoleTotpConfirm, async ({ operator, body }) => ({
    recoveryCodes: await service.confirm(operator, body.code),
  }));

  handle(consoleChangePassword, async ({ operator, body }) => {
    await service.changePassword(operator, body.current, body.password);
    return { done: true as const };
  });

  handle(consoleOperators, async () => (await service.listOperators()).map(operatorAnswer));

  handle(consoleCreateOperator, async ({ operator, body }) => {
    // Finance and admin wait for a second admin (decision 074 "Independent second approvers").
    const created = await service.createOperator(body, operator.name, { name: operator.name, id: operator.id });
    return { operator: operatorAnswer(created.operator), initialPassword: created.initialPassword };
  });

  handle(consoleSetOperatorRoles, async ({ operator, params, body }) =>
    operatorAnswer(await service.setRoles({ name: operator.name, id: operator.id }, params.id, body.roles)),
  );

  handle(consoleSetOperatorDisabled, async ({ operator, params, body }) =>
    operatorAnswer(await service.setDisabled(operator.name, params.id, body.disabled)),
  );

  handle(consoleResetOperatorSecondFactor, async ({ operator, params }) =>
    operatorAnswer(await service.resetSecondFactor(operator.name, params.id)),
  );

  handle(consoleLiftOperatorSignInLock, async ({ operator, params }) =>
    operatorAnswer(await service.liftSignInLock(operator.name, params.id)),
  );

  handle(consoleDismissSignInLock, async ({ operator }) => {
    await service.dismissSignInLock(operator);
    return { done: true as const };
  });

  handle(consoleRoleGrants, ({ operator }) => service.roleGrants.list({ name: operator.name, id: operator.id }));

  handle(consoleRoleGrantApprove, ({ operator, params }) =>
    service.roleGrants.approve({ name: operator.name, id: operator.id }, params.id),
  );

  handle(consoleRoleGrantReject, ({ operator, params }) =>
    service.roleGrants.reject({ name: operator.name, id: operator.id }, params.id),
  );

  handle(consoleAudit, async ({ query }) => {
    const limit = query.pageSize;
    const offset = (query.page - 1) * limit;
    const { rows, total } = await audit.search(
      {
        operator: query.operator,
        action: query.action,
        subjectType: query.subjectType,
        subjectId: query.subjectId,
        from: query.from === undefined ? undefined : Date.parse(query.from),
        to: query.to === undefined ? undefined : Date.parse(query.to),
      },
      { limit, offset },
    );
    const users = await audit.usersOf(rows);
    return {
      items: rows.map((row) => ({
        id: row.id,
        operator: row.operator,
        operatorId: row.operator_id,
        source: row.source,
        action: row.action,
        subjectType: row.subject_type,
        subjectId: row.subject_id,
        detail: parseJson(row.detail),
        before: parseJson(row.before),
        after: parseJson(row.after),
        at: isoTime(row.created_at),
        userId: users.get(row.id)?.id ?? null,
        userMobileMasked: users.has(row.id) ? maskMobile(users.get(row.id)?.account ?? '') : null,
      })),
      page: query.page,
      pageSize: limit,
      total,
      hasMore: offset + rows.length < total,
    };
  });
}
