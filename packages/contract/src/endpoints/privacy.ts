import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DaySchema, IdSchema, TimestampSchema, text } from '../common.js';

/** Longest password the server compares (the sign-up rule's maximum and some slack). */
const PASSWORD_INPUT_MAX = 128;

/** What the user types to confirm that the account goes (docs/product/rules.md, Your data). */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * The export's sections, in the order the file lists them: each is one module's part of the user's
 * data (decision 047 "Your data"). A section added later is one more name here and one line on the server.
 */
export const DATA_EXPORT_SECTIONS = [
  'profile',
  'identity',
  'uploads',
  'steps',
  'stepSources',
  'ledger',
  'exchanges',
  'memberships',
  'payouts',
  'addresses',
  'shopOrders',
  'mailings',
  'invites',
  'friends',
  'clubs',
  'reports',
  'appeals',
  'challenges',
  'notifications',
  'consents',
  'push',
  'paymentPassword',
] as const;
export type DataExportSection = (typeof DATA_EXPORT_SECTIONS)[number];

export const DataExportSchema = z.object({
  format: z.literal('stride-data-export/1'),
  exportedAt: TimestampSchema,
  /** The service day (business day, docs/product/rules.md) it was made on: the saved file's date. */
  serviceDay: DaySchema,
  userId: IdSchema,
  /** Section name → that section's records (plain JSON; ID and account numbers masked). */
  sections: z.record(z.string(), z.unknown()),
});

export const exportMyData = defineEndpoint({
  id: 'privacy.export',
  method: 'POST',
  path: '/api/user/data-export',
  access: 'user',
  summary:
    'All of the caller’s data as one JSON document (sections per module, ID and account numbers masked). Needs the current password (1011 when wrong); at most a few per hour (1006).',
  body: z.strictObject({ password: text().min(1).max(PASSWORD_INPUT_MAX) }),
  response: DataExportSchema,
});

export const AccountDeletionCheckSchema = z.object({
  /** Cash balance (minor units) and points that deleting the account forfeits. */
  cash: z.number().int(),
  points: z.number().int(),
  /** What must be finished first: each blocks deletion while it is above zero. */
  blockers: z.object({
    pendingWithdrawals: z.number().int(),
    unpaidOrders: z.number().int(),
    unshippedOrders: z.number().int(),
    unshippedMailings: z.number().int(),
  }),
  canDelete: z.boolean(),
});

export const checkAccountDeletion = defineEndpoint({
  id: 'privacy.deletionCheck',
  method: 'GET',
  path: '/api/user/account-deletion',
  access: 'user',
  summary: 'What deleting the account would forfeit (cash, points) and what blocks it now.',
  response: AccountDeletionCheckSchema,
});

export const deleteMyAccount = defineEndpoint({
  id: 'privacy.delete',
  method: 'POST',
  path: '/api/user/account-deletion',
  access: 'user',
  summary:
    'Deletes the account: personal data erased, private images removed, sessions and step-source tokens revoked, any balance and points forfeited through the ledger, the ledger kept. Needs the current password (1011), the typed word `DELETE`, and `forfeit: true` when a balance or points remain (1007); refused with 1007 while a withdrawal, an unpaid order or an unshipped order is open; rate limited (1006).',
  body: z.strictObject({
    password: text().min(1).max(PASSWORD_INPUT_MAX),
    confirmation: text().max(32),
    forfeit: z.boolean().optional(),
  }),
  response: z.object({
    done: z.literal(true),
    forfeited: z.object({ cash: z.number().int(), points: z.number().int() }),
  }),
});

export type DataExport = z.infer<typeof DataExportSchema>;
export type AccountDeletionCheck = z.infer<typeof AccountDeletionCheckSchema>;
