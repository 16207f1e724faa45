import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  IdParamsSchema,
  IdSchema,
  IdempotencyKeySchema,
  MoneySchema,
  PageQuerySchema,
  PersonNameSchema,
  TimestampSchema,
  DoneSchema,
  pageOf,
  text,
} from '../common.js';
import { RealNameStatusSchema } from './accounts.js';

/** What an upload is for. Identity and face images are only ever served to their owner (and operators). */
export const UploadPurposeSchema = z.enum(['id_front', 'id_back', 'face', 'avatar', 'other']);

/** `url` is an authenticated API path (`/api/v1/files/{fileId}`): load it with the bearer token. */
export const UploadSchema = z.object({
  fileId: IdSchema,
  url: z.string(),
  purpose: UploadPurposeSchema,
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});

export const uploadFile = defineEndpoint({
  id: 'upload.create',
  method: 'POST',
  path: '/api/v1/UploadFile',
  access: 'user',
  summary:
    'Upload an image (multipart: field `file`, optional field `purpose`, default `other`). JPEG, PNG or WebP, recognised by their bytes; re-encoded without metadata. Identity and face images stay private.',
  multipart: true,
  response: UploadSchema,
});

export const getFile = defineEndpoint({
  id: 'file.get',
  method: 'GET',
  path: '/api/v1/files/{id}',
  access: 'user',
  summary:
    'The bytes of one of my uploads (an addition to SPEC.md). Success is the image itself, not an envelope; another user’s file answers like a missing one (1004).',
  params: IdParamsSchema,
  binary: true,
  response: z.string(),
});

export const IdentityBodySchema = z.strictObject({
  name: PersonNameSchema,
  idNumber: text().trim().min(6).max(32),
  frontImageId: IdSchema,
  backImageId: IdSchema,
});

export const FaceStatusSchema = z.enum(['none', 'pending', 'verified', 'rejected']);

export const IdentitySchema = z.object({
  status: RealNameStatusSchema,
  /** As submitted (the verified real name once verified); payout holder names must equal it. */
  name: z.string().nullable(),
  /** First 3 and last 4 characters. */
  idNumberMasked: z.string().nullable(),
  rejectReason: z.string().nullable(),
  submittedAt: TimestampSchema.nullable(),
  reviewedAt: TimestampSchema.nullable(),
  faceStatus: FaceStatusSchema,
  faceVerified: z.boolean(),
  /** `face`: a face image; `manual`: an operator compares the ID photos instead. */
  faceMethod: z.enum(['face', 'manual']).nullable(),
  faceRejectReason: z.string().nullable(),
});

export const getIdentity = defineEndpoint({
  id: 'identity.get',
  method: 'GET',
  path: '/api/user/id/verify',
  access: 'user',
  summary: 'My real-name verification and face check status (an addition to SPEC.md).',
  response: IdentitySchema,
});

export const submitIdentity = defineEndpoint({
  id: 'identity.submit',
  method: 'POST',
  path: '/api/user/id/verify',
  access: 'user',
  summary:
    'Submit real-name verification: name, ID number, and the fileIds of the ID photos uploaded with purpose id_front and id_back.',
  body: IdentityBodySchema,
  response: IdentitySchema,
});

export const resubmitIdentity = defineEndpoint({
  id: 'identity.resubmit',
  method: 'PUT',
  path: '/api/user/id/verify',
  access: 'user',
  summary: 'Resubmit real-name verification after a rejection.',
  body: IdentityBodySchema,
  response: IdentitySchema,
});

export const submitFace = defineEndpoint({
  id: 'identity.face',
  method: 'POST',
  path: '/api/user/face',
  access: 'verified',
  summary:
    'Submit a face image (uploaded with purpose `face`) detected in the browser, or ask for the non-face alternative (`manual`: an operator compares the ID photos). Needed once before the first withdrawal; the face image is deleted once checked.',
  body: z.discriminatedUnion('method', [
    z.strictObject({ method: z.literal('face'), imageId: IdSchema }),
    z.strictObject({ method: z.literal('manual') }),
  ]),
  response: IdentitySchema,
});

export const BankCardSchema = z.object({
  id: IdSchema,
  bank: z.string(),
  holderName: z.string(),
  /** The last 4 digits only. */
  accountMasked: z.string(),
  createdAt: TimestampSchema,
});

export const saveBankCard = defineEndpoint({
  id: 'bankCard.save',
  method: 'POST',
  path: '/api/bank_card',
  access: 'verified',
  summary:
    'Add a payout method, or edit one when `id` is given. The holder name must be the verified real name; the card number 12–19 digits (spaces allowed) passing the Luhn check. At most five.',
  body: z.strictObject({
    id: IdSchema.optional(),
    bank: text().trim().min(1).max(64),
    holderName: PersonNameSchema,
    accountNumber: text().trim().min(8).max(34),
  }),
  response: BankCardSchema,
});

export const listBankCards = defineEndpoint({
  id: 'bankCard.list',
  method: 'GET',
  path: '/api/bank_card',
  access: 'user',
  summary: 'My payout methods, oldest first.',
  query: z.strictObject({}),
  response: z.array(BankCardSchema),
});

export const deleteBankCard = defineEndpoint({
  id: 'bankCard.delete',
  method: 'DELETE',
  path: '/api/bank_card/{id}',
  access: 'user',
  summary: 'Delete one of my payout methods. Withdrawals already made to it keep showing it.',
  params: IdParamsSchema,
  response: DoneSchema,
});

export const WithdrawalStatusSchema = z.enum(['pending', 'paid', 'rejected']);

export const WithdrawalEventSchema = z.object({
  status: z.enum(['requested', 'paid', 'rejected', 'refunded']),
  at: TimestampSchema,
});

export const WithdrawalSchema = z.object({
  id: IdSchema,
  /** Debited from the balance; the fee is taken out of it. */
  amount: MoneySchema,
  fee: MoneySchema,
  /** What reaches the bank account: amount − fee. */
  received: MoneySchema,
  status: WithdrawalStatusSchema,
  bankCard: BankCardSchema,
  rejectReason: z.string().nullable(),
  timeline: z.array(WithdrawalEventSchema),
  createdAt: TimestampSchema,
});

export const requestWithdrawal = defineEndpoint({
  id: 'withdraw.create',
  method: 'POST',
  path: '/api/withdraw',
  access: 'verified',
  summary:
    'Withdraw to one of my payout methods: the amount (minor units, fee included) leaves the balance at once into a pending state. Needs the one-time face check (code 1013).',
  body: z.strictObject({
    amount: z.number().int().min(1),
    bankCardId: IdSchema,
    idempotencyKey: IdempotencyKeySchema,
  }),
  response: WithdrawalSchema,
});

export const listWithdrawals = defineEndpoint({
  id: 'withdraw.statement',
  method: 'GET',
  path: '/api/withdraw/statement',
  access: 'user',
  summary: 'My withdrawal records, newest first, with their status timeline.',
  query: PageQuerySchema.extend({ status: WithdrawalStatusSchema.optional() }),
  response: pageOf(WithdrawalSchema),
});

export const WithdrawalRulesSchema = z.object({
  min: MoneySchema,
  dailyMax: MoneySchema,
  /** Fee = max(feeMin, ceil(amount × feePermille / 1000)), taken out of the amount. */
  feePermille: z.number().int(),
  feeMin: MoneySchema,
  /** Left of today's maximum. */
  todayLeft: MoneySchema,
  faceVerified: z.boolean(),
});

export const getWithdrawalRules = defineEndpoint({
  id: 'withdraw.rules',
  method: 'GET',
  path: '/api/withdraw/rules',
  access: 'user',
  summary: 'The withdrawal minimum, daily maximum, fee and what is left today (an addition to SPEC.md).',
  response: WithdrawalRulesSchema,
});

export type UploadPurpose = z.output<typeof UploadPurposeSchema>;
export type Upload = z.output<typeof UploadSchema>;
export type Identity = z.output<typeof IdentitySchema>;
export type BankCard = z.output<typeof BankCardSchema>;
export type Withdrawal = z.output<typeof WithdrawalSchema>;
export type WithdrawalRules = z.output<typeof WithdrawalRulesSchema>;
