import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DoneSchema, IdSchema, PersonNameSchema, TimestampSchema, text } from '../common.js';
import { RealNameStatusSchema } from './accounts.js';
import { ReasonBodySchema } from './operators.js';

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

/** The user whose identity or face check a reviewer reads or decides. */
const ReviewedUserParamsSchema = z.strictObject({ userId: IdSchema });

/** Whose check a reviewer reads, as the console names a user; each queue adds its own fields. */
const ConsoleReviewedUserSchema = z.object({
  userId: IdSchema,
  account: z.string(),
  /**
   * The mobile number as the console shows a user: first 3 and last 4 digits (decision 080 "A console a new operator
   * can read").
   */
  userMobileMasked: z.string(),
  name: z.string(),
  idNumberMasked: z.string(),
});

export const ConsoleIdentitySchema = ConsoleReviewedUserSchema.extend({
  status: z.string(),
  submittedAt: TimestampSchema,
});

export const consoleIdentityPending = defineEndpoint({
  id: 'console.identity.pending',
  method: 'GET',
  path: '/api/console/identity',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Identity checks waiting for a decision, oldest first. The look is recorded.',
  response: z.array(ConsoleIdentitySchema),
});

export const consoleIdentityApprove = defineEndpoint({
  id: 'console.identity.approve',
  method: 'POST',
  path: '/api/console/identity/{userId}/approve',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Approves a pending identity check.',
  params: ReviewedUserParamsSchema,
  response: DoneSchema,
});

export const consoleIdentityReject = defineEndpoint({
  id: 'console.identity.reject',
  method: 'POST',
  path: '/api/console/identity/{userId}/reject',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Rejects a pending identity check with a reason the user sees.',
  params: ReviewedUserParamsSchema,
  body: ReasonBodySchema,
  response: DoneSchema,
});

/** The private images of an identity check an operator may look at. */
export const IdentityImageKindSchema = z.enum(['front', 'back', 'face']);

export const consoleIdentityImage = defineEndpoint({
  id: 'console.identity.image',
  method: 'GET',
  path: '/api/console/identity/{userId}/images/{kind}',
  access: 'console',
  roles: ['reviewer'],
  summary:
    'One private image of a pending check, for its reviewer: the ID photos (front, back) while the identity or face check is pending, the face image while the face check is pending. Success is the image itself; every look is recorded.',
  params: z.strictObject({ userId: IdSchema, kind: IdentityImageKindSchema }),
  binary: true,
  response: z.string(),
});

export const ConsoleFaceCheckSchema = ConsoleReviewedUserSchema.extend({
  /** `face`: compare the face image with the ID photos; `manual`: the user asked for the alternative. */
  method: z.enum(['face', 'manual']),
  /** Whether the face image can be shown (method face). */
  hasFaceImage: z.boolean(),
  submittedAt: TimestampSchema,
});

export const consoleFaceChecksPending = defineEndpoint({
  id: 'console.face.pending',
  method: 'GET',
  path: '/api/console/face',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Face checks waiting for a decision, oldest first. The look is recorded.',
  response: z.array(ConsoleFaceCheckSchema),
});

export const consoleFaceApprove = defineEndpoint({
  id: 'console.face.approve',
  method: 'POST',
  path: '/api/console/face/{userId}/approve',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Approves a pending face check, once; the face image is deleted.',
  params: ReviewedUserParamsSchema,
  response: DoneSchema,
});

export const consoleFaceReject = defineEndpoint({
  id: 'console.face.reject',
  method: 'POST',
  path: '/api/console/face/{userId}/reject',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Rejects a pending face check with a reason the user sees, once; the face image is deleted.',
  params: ReviewedUserParamsSchema,
  body: ReasonBodySchema,
  response: DoneSchema,
});

export type IdentityImageKind = z.output<typeof IdentityImageKindSchema>;
export type ConsoleFaceCheck = z.output<typeof ConsoleFaceCheckSchema>;
export type Identity = z.output<typeof IdentitySchema>;

/**
 * One identity check opened for review: the whole ID number, to compare with the photos (decision 080 "A console a new
 * operator can read").
 */
export const ConsoleIdentityCaseSchema = ConsoleIdentitySchema.extend({ idNumber: z.string() });

export const consoleIdentityCase = defineEndpoint({
  id: 'console.identity.case',
  method: 'GET',
  path: '/api/console/identity/{userId}',
  access: 'console',
  roles: ['reviewer'],
  summary:
    'One pending identity check opened for review, with the whole ID number to compare with the photos; every opening is recorded (identity.view-case). Decided checks and unknown users are refused.',
  params: ReviewedUserParamsSchema,
  response: ConsoleIdentityCaseSchema,
});
