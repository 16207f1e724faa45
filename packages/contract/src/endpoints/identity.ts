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
} from '../common.js';
import { RealNameStatusSchema } from './accounts.js';

export const UploadSchema = z.object({ fileId: IdSchema, url: z.string() });

export const uploadFile = defineEndpoint({
  id: 'upload.create',
  method: 'POST',
  path: '/api/v1/UploadFile',
  access: 'user',
  summary: 'Upload an image (multipart, field `file`, optional `purpose`). Identity images stay private.',
  multipart: true,
  response: UploadSchema,
});

export const IdentityBodySchema = z.strictObject({
  name: PersonNameSchema,
  idNumber: z.string().trim().min(6).max(32),
  frontImageId: IdSchema,
  backImageId: IdSchema,
});

export const IdentitySchema = z.object({
  status: RealNameStatusSchema,
  name: z.string().nullable(),
  idNumberMasked: z.string().nullable(),
  rejectReason: z.string().nullable(),
  faceVerified: z.boolean(),
});

export const submitIdentity = defineEndpoint({
  id: 'identity.submit',
  method: 'POST',
  path: '/api/user/id/verify',
  access: 'user',
  summary: 'Submit real-name verification.',
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
  access: 'user',
  summary: 'Submit a face image detected in the browser, or ask for the non-face alternative.',
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
  accountMasked: z.string(),
  createdAt: TimestampSchema,
});

export const saveBankCard = defineEndpoint({
  id: 'bankCard.save',
  method: 'POST',
  path: '/api/bank_card',
  access: 'verified',
  summary: 'Add a payout method, or edit one when `id` is given. At most five.',
  body: z.strictObject({
    id: IdSchema.optional(),
    bank: z.string().trim().min(1).max(64),
    holderName: PersonNameSchema,
    accountNumber: z.string().trim().min(8).max(34),
  }),
  response: BankCardSchema,
});

export const listBankCards = defineEndpoint({
  id: 'bankCard.list',
  method: 'GET',
  path: '/api/bank_card',
  access: 'user',
  summary: 'My payout methods.',
  query: z.strictObject({}),
  response: z.array(BankCardSchema),
});

export const deleteBankCard = defineEndpoint({
  id: 'bankCard.delete',
  method: 'DELETE',
  path: '/api/bank_card/{id}',
  access: 'user',
  summary: 'Delete one of my payout methods.',
  params: IdParamsSchema,
  response: DoneSchema,
});

export const WithdrawalStatusSchema = z.enum(['pending', 'paid', 'rejected']);

export const WithdrawalSchema = z.object({
  id: IdSchema,
  amount: MoneySchema,
  fee: MoneySchema,
  received: MoneySchema,
  status: WithdrawalStatusSchema,
  bankCard: BankCardSchema,
  rejectReason: z.string().nullable(),
  timeline: z.array(z.object({ status: z.string(), at: TimestampSchema })),
  createdAt: TimestampSchema,
});

export const requestWithdrawal = defineEndpoint({
  id: 'withdraw.create',
  method: 'POST',
  path: '/api/withdraw',
  access: 'verified',
  summary: 'Withdraw to a payout method; the amount leaves the balance at once into a pending state.',
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
  summary: 'Withdrawal records with their status timeline.',
  query: PageQuerySchema,
  response: pageOf(WithdrawalSchema),
});
