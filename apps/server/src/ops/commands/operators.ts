import { readFile } from 'node:fs/promises';
import { OPERATOR_ROLES, OperatorNameSchema, OperatorPasswordSchema, type OperatorRole } from '@stride/contract';
import { isoTime } from '../../lib/clock.js';
import { listCommand, requireId, requireYes, UsageError, type Command } from '../command.js';

function parseRoles(value: string | undefined): OperatorRole[] {
  const roles = (value ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  if (roles.length === 0) throw new UsageError(`--roles: one or more of ${OPERATOR_ROLES.join(', ')}.`);
  for (const role of roles) {
    if (!(OPERATOR_ROLES as readonly string[]).includes(role)) {
      throw new UsageError(`--roles: "${role}" is not one of ${OPERATOR_ROLES.join(', ')}.`);
    }
  }
  return roles as OperatorRole[];
}

/** Operator accounts of the web console (decision 021 "Operator accounts and console sessions"). */
export const OPERATOR_COMMANDS: Command[] = [
  {
    name: 'operators create',
    usage: [
      '  operators create <name> --roles admin[,finance,...] [--password-file FILE] [--operator NAME] --yes',
      '                                                         a console operator; prints a one-time initial password,',
      '                                                         replaced at the first login (a --password-file one is kept)',
    ],
    run: async ({ deps, values, positionals }) => {
      const name = OperatorNameSchema.safeParse(requireId(positionals, 'name'));
      if (!name.success)
        throw new UsageError('name: 2 to 64 lower-case letters, digits, dots, hyphens or underscores.');
      const roles = parseRoles(values.roles);
      let password: string | undefined;
      if (values['password-file']) {
        const read = OperatorPasswordSchema.safeParse((await readFile(values['password-file'], 'utf8')).trim());
        if (!read.success) throw new UsageError('--password-file: the password must be 12 to 128 characters.');
        password = read.data;
      }
      requireYes(values, `create the operator ${name.data} with roles ${roles.join(',')}`);
      const created = await deps.services.operators.createOperator(
        { name: name.data, roles, ...(password ? { password } : {}) },
        values.operator?.trim() || undefined,
      );
      deps.out(`Operator ${created.operator.name} created with roles ${created.operator.roles.join(',')}.`);
      if (!password) {
        deps.out(`Initial password (shown once): ${created.initialPassword}`);
        // A generated password is replaced at the first sign-in; one the person typed is kept (decision 073 "Operator
        // sign-in").
        deps.out('The first console login asks for a new password, then to enrol a TOTP second factor.');
      } else {
        deps.out('The first console login asks to enrol a TOTP second factor.');
      }
    },
  },
  listCommand({
    name: 'operators list',
    usage: ['  operators list                                          console operators, their roles and state'],
    rows: (deps) => deps.services.operators.listOperators(),
    columns: (row) => ({
      name: row.name,
      roles: row.roles.join(','),
      disabled: row.disabled,
      totp: row.totpEnrolled,
      createdAt: isoTime(row.createdAt),
    }),
  }),
];
