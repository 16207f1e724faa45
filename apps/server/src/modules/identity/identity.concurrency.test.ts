import { CODES, submitIdentity } from '@stride/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CLEAN_LEDGER,
  REAL_NAME,
  createTestApp,
  ledgerReport,
  registerUser,
  residentId,
  testJpeg,
  uploadFile,
  type TestApp,
  api,
} from '../../../test/harness.js';

// "One ID number, one account" is a partial unique index (decision 015 "Only once rules are held by the database"):
// these submissions race.
let auto: TestApp;
let reviewed: TestApp;
beforeAll(async () => {
  [auto, reviewed] = await Promise.all([createTestApp(), createTestApp({ IDENTITY_REVIEW: 'operator' })]);
});
afterAll(async () => {
  await Promise.all([auto.close(), reviewed.close()]);
});
afterEach(async () => {
  expect(await ledgerReport(auto)).toEqual(CLEAN_LEDGER);
  expect(await ledgerReport(reviewed)).toEqual(CLEAN_LEDGER);
});

const PARALLEL = 12;

/** Users with both ID photos uploaded, ready to submit. */
async function readyUsers(t: TestApp, count: number) {
  const image = await testJpeg();
  const users = [];
  for (let i = 0; i < count; i += 1) {
    const user = await registerUser(t);
    const front = await uploadFile(t, user.token, image, { purpose: 'id_front' });
    const back = await uploadFile(t, user.token, image, { purpose: 'id_back' });
    users.push({ ...user, frontImageId: front.data.fileId, backImageId: back.data.fileId });
  }
  return users;
}

const submit = (t: TestApp, user: { token: string; frontImageId: string; backImageId: string }, idNumber: string) =>
  api(t, submitIdentity, {
    token: user.token,
    language: 'fr',
    body: { name: REAL_NAME, idNumber, frontImageId: user.frontImageId, backImageId: user.backImageId },
  });

const liveHolders = (t: TestApp, idNumberHash: string) =>
  t.db
    .selectFrom('identities')
    .select(['user_id', 'status'])
    .where('id_number_hash', '=', idNumberHash)
    .where('status', 'in', ['pending', 'verified'])
    .execute();

describe('one ID number, one account, under concurrent submissions', () => {
  it('verifies exactly one of 12 accounts submitting one ID number at the same moment', async () => {
    const users = await readyUsers(auto, PARALLEL);
    const idNumber = residentId();
    const answers = await Promise.all(users.map((user) => submit(auto, user, idNumber)));
    const accepted = answers.filter((answer) => answer.code === CODES.OK);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.data.status).toBe('verified');
    const refused = answers.filter((answer) => answer.code !== CODES.OK);
    expect(refused).toHaveLength(PARALLEL - 1);
    for (const answer of refused) {
      expect(answer).toMatchObject({
        status: 200,
        code: CODES.CONFLICT,
        message: 'Ce numéro d’identité est déjà vérifié sur un autre compte',
      });
    }
    const rows = await auto.db.selectFrom('identities').select(['id_number_hash', 'status']).execute();
    const hash = rows.find((row) => row.status === 'verified')!.id_number_hash;
    expect(await liveHolders(auto, hash)).toHaveLength(1);
    const verifiedUsers = await auto.db
      .selectFrom('users')
      .select('id')
      .where(
        'id',
        'in',
        users.map((user) => user.userId),
      )
      .where('real_name_status', '=', 'verified')
      .execute();
    expect(verifiedUsers).toHaveLength(1);
  });

  it('keeps one pending check per ID number under operator review, and frees the number once it is rejected', async () => {
    const users = await readyUsers(reviewed, PARALLEL);
    const idNumber = residentId();
    const answers = await Promise.all(users.map((user) => submit(reviewed, user, idNumber)));
    const accepted = answers.flatMap((answer, index) => (answer.code === CODES.OK ? [users[index]!] : []));
    expect(accepted).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === CODES.CONFLICT)).toHaveLength(PARALLEL - 1);
    const holder = accepted[0]!;
    await reviewed.app.services.admin.identity.review('ops', holder.userId, {
      approve: false,
      reason: 'Blurred photo',
    });
    // The number is free again: one of the others may now take it, and only one.
    const others = users.filter((user) => user.userId !== holder.userId).slice(0, 6);
    const again = await Promise.all(others.map((user) => submit(reviewed, user, idNumber)));
    expect(again.filter((answer) => answer.code === CODES.OK)).toHaveLength(1);
    expect(again.filter((answer) => answer.code === CODES.CONFLICT)).toHaveLength(others.length - 1);
  });
});
