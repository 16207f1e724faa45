import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema, PersonNameSchema, TimestampSchema, text } from '../common.js';
import { RealNameStatusSchema } from './accounts.js';

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
  summary: 'My real-name verification and face check: their states, the masked ID number and any rejection reason.',
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

export type Identity = z.output<typeof IdentitySchema>;
