import {
  CODES,
  consoleAudit,
  consoleFaceApprove,
  consoleFaceChecksPending,
  consoleFaceReject,
  consoleIdentityApprove,
  consoleIdentityCase,
  consoleIdentityImage,
  consoleIdentityPending,
  consoleIdentityReject,
  consoleUserGet,
  getIdentity,
  submitFace,
} from '@stride/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { consoleApi, pendingIdentity, signIn } from '../../../test/console.js';
import {
  api,
  registerUser,
  residentId,
  testJpeg,
  uploadFile,
  useTestApp,
  verifyIdentity,
} from '../../../test/harness.js';

const t = useTestApp({ IDENTITY_REVIEW: 'operator' });

/** A verified user whose face check waits for a reviewer, with a face image or by the manual alternative. */
async function pendingFace(method: 'face' | 'manual') {
  const user = await pendingIdentity(t);
  await t.app.services.admin.identity.review('setup', user.userId, { approve: true });
  const body =
    method === 'face'
      ? {
          method: 'face' as const,
          imageId: (await uploadFile(t, user.token, await testJpeg(80, 60), { purpose: 'face' })).data.fileId,
        }
      : { method: 'manual' as const };
  expect((await api(t, submitFace, { token: user.token, body })).data?.faceStatus).toBe('pending');
  return user;
}

async function imageOf(session: { cookie: string; csrf: string }, userId: string, kind: 'front' | 'back' | 'face') {
  return t.app.inject({
    method: 'GET',
    url: consoleIdentityImage.path.replace('{userId}', userId).replace('{kind}', kind),
    headers: { cookie: session.cookie },
  });
}

describe('consoleIdentityApprove (POST /api/console/identity/{userId}/approve)', () => {
  it('approves an identity check and records operator, source, before and after', async () => {
    const reviewer = await signIn(t, ['reviewer']);
    const admin = await signIn(t, ['admin']);
    const { userId } = await pendingIdentity(t);
    const pending = await consoleApi(t, reviewer, consoleIdentityPending);
    expect(pending.data.map((row) => row.userId)).toContain(userId);
    expect((await consoleApi(t, reviewer, consoleIdentityApprove, { params: { userId } })).code).toBe(CODES.OK);
    expect((await consoleApi(t, reviewer, consoleIdentityApprove, { params: { userId } })).code).toBe(
      CODES.BUSINESS_RULE,
    );
    const audit = await consoleApi(t, admin, consoleAudit, {
      query: { subjectId: userId, action: 'identity.approve' },
    });
    expect(audit.data.items).toEqual([
      expect.objectContaining({
        operator: reviewer.name,
        operatorId: reviewer.operatorId,
        source: 'console',
        subjectType: 'identity',
        before: { status: 'pending' },
        after: { status: 'verified' },
      }),
    ]);
    const looks = await consoleApi(t, admin, consoleAudit, {
      query: { operator: reviewer.name, action: 'identity.view-pending' },
    });
    expect(looks.data.total).toBe(1);
  });
});

describe('consoleIdentityReject (POST /api/console/identity/{userId}/reject)', () => {
  it('rejects an identity check with a reason', async () => {
    const reviewer = await signIn(t, ['reviewer']);
    const { userId } = await pendingIdentity(t);
    const answer = await consoleApi(t, reviewer, consoleIdentityReject, {
      params: { userId },
      body: { reason: 'blurred' },
    });
    expect(answer.code).toBe(CODES.OK);
    const actions = await t.app.services.audit.search({ subjectId: userId }, { limit: 10, offset: 0 });
    expect(actions.rows[0]).toMatchObject({
      action: 'identity.reject',
      after: JSON.stringify({ status: 'rejected', reason: 'blurred' }),
    });
  });
});

describe('ID photos for reviewers', () => {
  it('serves the ID photos of a pending check as private images and records each look', async () => {
    const reviewer = await signIn(t, ['reviewer']);
    const { userId } = await pendingIdentity(t);
    for (const kind of ['front', 'back'] as const) {
      const response = await imageOf(reviewer, userId, kind);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect((await sharp(response.rawPayload).metadata()).width).toBe(64);
    }
    const looks = (await t.app.services.audit.list(10)).filter((row) => row.action === 'identity.view-image');
    expect(looks.map((row) => [row.operator, row.operator_id, row.source, row.subject_id])).toEqual([
      [reviewer.name, reviewer.operatorId, 'console', userId],
      [reviewer.name, reviewer.operatorId, 'console', userId],
    ]);
    expect(looks.map((row) => (JSON.parse(row.detail ?? '{}') as { kind: string }).kind).sort()).toEqual([
      'back',
      'front',
    ]);
  });

  it('refuses the photos of a decided check, an unknown user and a face image that was never sent', async () => {
    const reviewer = await signIn(t, ['reviewer']);
    const { userId } = await pendingIdentity(t);
    expect((await imageOf(reviewer, userId, 'face')).json()).toMatchObject({ code: CODES.BUSINESS_RULE });
    await consoleApi(t, reviewer, consoleIdentityApprove, { params: { userId } });
    const before = (await t.app.services.audit.list(1000)).length;
    expect((await imageOf(reviewer, userId, 'front')).json()).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: `No front image of a pending check for user ${userId}`,
    });
    expect((await imageOf(reviewer, 'nobody', 'front')).json()).toMatchObject({ code: CODES.BUSINESS_RULE });
    expect(await t.app.services.audit.list(1000)).toHaveLength(before);
  });

  it('refuses operators without the reviewer role and a call without a session', async () => {
    const finance = await signIn(t, ['finance']);
    const { userId } = await pendingIdentity(t);
    expect((await imageOf(finance, userId, 'front')).json()).toMatchObject({ code: CODES.FORBIDDEN });
    expect((await imageOf({ cookie: '', csrf: '' }, userId, 'front')).json()).toMatchObject({
      code: CODES.CONSOLE_SESSION_INVALID,
    });
  });
});

describe('an identity check opened for review', () => {
  it('shows the whole ID number only on the recorded review read; the lists keep it masked', async () => {
    const reviewer = await signIn(t, ['reviewer']);
    const admin = await signIn(t, ['admin']);
    const user = await registerUser(t);
    const idNumber = residentId();
    await verifyIdentity(t, user.token, idNumber);

    // The queue and the user's page: masked, and the mobile number as the console names a user.
    const queue = await consoleApi(t, reviewer, consoleIdentityPending);
    const row = queue.data.find((item) => item.userId === user.userId);
    expect(row?.idNumberMasked).toBe(`${idNumber.slice(0, 3)}***********${idNumber.slice(-4)}`);
    expect(row?.userMobileMasked).toMatch(/^\d{3}\*+\d{4}$/);
    expect(JSON.stringify(queue.data)).not.toContain(idNumber);
    const page = await consoleApi(t, admin, consoleUserGet, { params: { id: user.userId } });
    expect(JSON.stringify(page.data)).not.toContain(idNumber);
    expect((await t.app.services.audit.list(1000)).filter((look) => look.action === 'identity.view-case')).toEqual([]);

    const opened = await consoleApi(t, reviewer, consoleIdentityCase, { params: { userId: user.userId } });
    expect(opened.data).toMatchObject({ userId: user.userId, idNumber, idNumberMasked: row?.idNumberMasked });
    const looks = (await t.app.services.audit.list(1000)).filter((look) => look.action === 'identity.view-case');
    expect(
      looks.map((look) => [look.operator, look.operator_id, look.source, look.subject_type, look.subject_id]),
    ).toEqual([[reviewer.name, reviewer.operatorId, 'console', 'identity', user.userId]]);
    // The record names the case, never the number it showed.
    expect(JSON.stringify(looks)).not.toContain(idNumber);
    const audit = await consoleApi(t, admin, consoleAudit, { query: { action: 'identity.view-case' } });
    expect(audit.data.items[0]).toMatchObject({ subjectId: user.userId, userId: user.userId });
    expect(audit.data.items[0]?.userMobileMasked).toBe(row?.userMobileMasked);
  });

  it('refuses a decided check, an unknown user and an operator without the reviewer role, recording nothing', async () => {
    const reviewer = await signIn(t, ['reviewer']);
    const support = await signIn(t, ['support', 'finance']);
    const { userId } = await pendingIdentity(t);
    expect((await consoleApi(t, support, consoleIdentityCase, { params: { userId } })).code).toBe(CODES.FORBIDDEN);
    await consoleApi(t, reviewer, consoleIdentityApprove, { params: { userId } });
    const before = (await t.app.services.audit.list(1000)).length;
    expect(await consoleApi(t, reviewer, consoleIdentityCase, { params: { userId } })).toMatchObject({
      code: CODES.BUSINESS_RULE,
      data: null,
    });
    const unknown = await consoleApi(t, reviewer, consoleIdentityCase, {
      params: { userId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown).toMatchObject({ code: CODES.BUSINESS_RULE, data: null });
    expect(await t.app.services.audit.list(1000)).toHaveLength(before);
  });
});

describe('face checks queue', () => {
  it('lists pending face checks oldest first, shows the face image, and approves once', async () => {
    const reviewer = await signIn(t, ['reviewer']);
    const admin = await signIn(t, ['admin']);
    const withFace = await pendingFace('face');
    t.clock.advance(60_000);
    const manual = await pendingFace('manual');
    const list = await consoleApi(t, reviewer, consoleFaceChecksPending);
    expect(list.data.filter((row) => [withFace.userId, manual.userId].includes(row.userId))).toEqual([
      expect.objectContaining({ userId: withFace.userId, method: 'face', hasFaceImage: true, name: 'Li Na' }),
      expect.objectContaining({ userId: manual.userId, method: 'manual', hasFaceImage: false }),
    ]);
    const face = await imageOf(reviewer, withFace.userId, 'face');
    expect((await sharp(face.rawPayload).metadata()).width).toBe(80);
    // The manual alternative: the reviewer compares the ID photos instead.
    expect((await imageOf(reviewer, manual.userId, 'front')).statusCode).toBe(200);
    expect((await imageOf(reviewer, manual.userId, 'face')).json()).toMatchObject({ code: CODES.BUSINESS_RULE });

    expect((await consoleApi(t, reviewer, consoleFaceApprove, { params: { userId: withFace.userId } })).code).toBe(
      CODES.OK,
    );
    expect(await consoleApi(t, reviewer, consoleFaceApprove, { params: { userId: withFace.userId } })).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: `The face check of ${withFace.userId} is verified, not pending`,
    });
    expect((await api(t, getIdentity, { token: withFace.token })).data).toMatchObject({
      faceStatus: 'verified',
      faceVerified: true,
    });
    // The face image is gone once decided.
    expect((await imageOf(reviewer, withFace.userId, 'face')).json()).toMatchObject({ code: CODES.BUSINESS_RULE });
    const audit = await consoleApi(t, admin, consoleAudit, {
      query: { subjectId: withFace.userId, action: 'face.approve' },
    });
    expect(audit.data.items).toEqual([
      expect.objectContaining({ operator: reviewer.name, operatorId: reviewer.operatorId, source: 'console' }),
    ]);
    const looks = await consoleApi(t, admin, consoleAudit, { query: { action: 'face.view-pending' } });
    expect(looks.data.items[0]).toMatchObject({ operator: reviewer.name, subjectType: 'face' });
  });

  it('rejects with a reason the user sees, and takes it off the queue', async () => {
    const reviewer = await signIn(t, ['reviewer']);
    const user = await pendingFace('manual');
    const rejected = await consoleApi(t, reviewer, consoleFaceReject, {
      params: { userId: user.userId },
      body: { reason: 'The ID photos are unreadable' },
    });
    expect(rejected.code).toBe(CODES.OK);
    expect((await api(t, getIdentity, { token: user.token })).data).toMatchObject({
      faceStatus: 'rejected',
      faceRejectReason: 'The ID photos are unreadable',
    });
    const [record] = await t.app.services.audit.list(1);
    expect(record).toMatchObject({ action: 'face.reject', subject_id: user.userId, operator: reviewer.name });
    expect(
      (await consoleApi(t, reviewer, consoleFaceReject, { params: { userId: user.userId }, body: { reason: ' ' } }))
        .code,
    ).toBe(CODES.VALIDATION_FAILED);
    expect((await consoleApi(t, reviewer, consoleFaceChecksPending)).data.map((row) => row.userId)).not.toContain(
      user.userId,
    );
  });

  it('lets only one of two reviewers decide the same face check', async () => {
    const first = await signIn(t, ['reviewer']);
    const second = await signIn(t, ['reviewer']);
    const user = await pendingFace('face');
    const answers = await Promise.all([
      consoleApi(t, first, consoleFaceApprove, { params: { userId: user.userId } }),
      consoleApi(t, second, consoleFaceReject, {
        params: { userId: user.userId },
        body: { reason: 'not the same face' },
      }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([CODES.OK, CODES.BUSINESS_RULE].sort());
    const decisions = (await t.app.services.audit.list(20)).filter(
      (row) => row.subject_id === user.userId && ['face.approve', 'face.reject'].includes(row.action),
    );
    expect(decisions).toHaveLength(1);
  });
});
