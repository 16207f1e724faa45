import {
  acceptPolicies,
  CODES,
  consolePolicies,
  consolePublishPolicy,
  currentPolicyVersions,
  getConsents,
  getPolicy,
  grantConsent,
  register,
  withdrawConsent,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import {
  api,
  GOOD_PASSWORD,
  registerUser,
  requestSignUpCode,
  testJpeg,
  uniqueAccount,
  uploadFile,
  useTestApp,
} from '../../../test/harness.js';

const t = useTestApp();

async function consentRows(userId: string) {
  return t.db
    .selectFrom('consents')
    .select(['kind', 'version', 'withdrawn_at', 'client_address'])
    .where('user_id', '=', userId)
    .orderBy('granted_at')
    .orderBy('kind')
    .execute();
}

async function publishPrivacy(changes = 'We now keep step data for two years.', translations = {}) {
  const editor = await signIn(t, ['editor']);
  const basedOn = (await api(t, currentPolicyVersions)).data.privacy;
  const published = await consoleApi(t, editor, consolePublishPolicy, {
    body: { kind: 'privacy', basedOn, title: 'Privacy policy', body: 'The new text.', changes, translations },
  });
  expect(published.code).toBe(CODES.OK);
  return { editor, published: published.data };
}

describe('policies', () => {
  it('starts with version 1 of both, readable without logging in, in every language', async () => {
    expect((await api(t, currentPolicyVersions)).data).toEqual({ terms: 1, privacy: 1 });
    const en = await api(t, getPolicy, { params: { kind: 'privacy' }, query: {} });
    expect(en.data).toMatchObject({ kind: 'privacy', version: 1, title: 'Privacy policy', changes: '' });
    for (const word of ['ID number', 'face', 'bank', 'step', 'delete', 'withdraw']) {
      expect(en.data.body.toLowerCase()).toContain(word.toLowerCase());
    }
    const zh = await api(t, getPolicy, { params: { kind: 'terms' }, query: {}, language: 'zh-CN' });
    expect(zh.data.title).toBe('用户协议');
    const fr = await api(t, getPolicy, { params: { kind: 'privacy' }, query: { version: 1 }, language: 'fr' });
    expect(fr.data.title).toBe('Politique de confidentialité');
    const none = await api(t, getPolicy, { params: { kind: 'terms' }, query: { version: 9 } });
    expect(none).toMatchObject({ code: CODES.NOT_FOUND, message: 'There is no version 9 of this policy' });
  });

  it('falls back per field to the sibling Chinese, then the default language', async () => {
    await publishPrivacy('Two years.', { 'zh-Hant': { title: '隱私權政策（第二版）' } });
    const hans = await api(t, getPolicy, { params: { kind: 'privacy' }, query: {}, language: 'zh-Hans' });
    // No Simplified text: the Traditional title, and the default (English) body.
    expect(hans.data).toMatchObject({ version: 2, title: '隱私權政策（第二版）', body: 'The new text.' });
    const es = await api(t, getPolicy, { params: { kind: 'privacy' }, query: {}, language: 'es' });
    expect(es.data).toMatchObject({ title: 'Privacy policy', changes: 'Two years.' });
    // The earlier version stays readable as it was.
    const first = await api(t, getPolicy, { params: { kind: 'privacy' }, query: { version: 1 }, language: 'es' });
    expect(first.data.title).toBe('Política de privacidad');
  });
});

describe('sign-up accepts the current policies', () => {
  async function signUp(acceptedPolicies?: { terms: number; privacy: number }, language = 'en') {
    const account = uniqueAccount();
    const smsCode = await requestSignUpCode(t, account);
    const answer = await api(t, register, {
      body: { account, password: GOOD_PASSWORD, smsCode, ...(acceptedPolicies ? { acceptedPolicies } : {}) },
      language,
    });
    return { account, smsCode, answer };
  }

  it('refuses a missing or stale acceptance with a clear sentence, and keeps the code for the retry', async () => {
    const missing = await signUp(undefined);
    expect(missing.answer).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'Please accept the terms of service and the privacy policy to create an account',
    });
    const before = (await api(t, currentPolicyVersions)).data;
    await publishPrivacy();
    const stale = await signUp(before, 'zh-CN');
    expect(stale.answer).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: '注册期间《用户协议》或《隐私政策》已更新，请阅读最新版本后重新同意。',
    });
    expect(await t.db.selectFrom('users').select('id').where('account', '=', stale.account).execute()).toEqual([]);
    // The same code still works with the current versions.
    const retry = await api(t, register, {
      body: {
        account: stale.account,
        password: GOOD_PASSWORD,
        smsCode: stale.smsCode,
        acceptedPolicies: { ...before, privacy: before.privacy + 1 },
      },
    });
    expect(retry.code).toBe(CODES.OK);
    expect(await consentRows(retry.data.user.id)).toEqual([
      expect.objectContaining({ kind: 'privacy', version: before.privacy + 1, withdrawn_at: null }),
      expect.objectContaining({ kind: 'terms', version: before.terms, withdrawn_at: null }),
    ]);
  });

  it('records the acceptance with the address it came from', async () => {
    const { userId, token } = await registerUser(t);
    const now = (await api(t, currentPolicyVersions)).data;
    const rows = await consentRows(userId);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.client_address.length > 0)).toBe(true);
    expect((await api(t, getConsents, { token })).data).toEqual({
      terms: { current: now.terms, accepted: now.terms },
      privacy: { current: now.privacy, accepted: now.privacy },
      needsAcceptance: false,
      idPhotos: false,
      face: false,
    });
  });
});

describe('a new policy version asks again', () => {
  it('needs acceptance after a new version; accepting records it once; a stale accept is refused', async () => {
    const { userId, token } = await registerUser(t);
    const before = (await api(t, currentPolicyVersions)).data;
    const next = { ...before, privacy: before.privacy + 1 };
    const { editor } = await publishPrivacy();
    const status = await api(t, getConsents, { token });
    expect(status.data).toMatchObject({
      terms: { current: before.terms, accepted: before.terms },
      privacy: { current: next.privacy, accepted: before.privacy },
      needsAcceptance: true,
    });

    const stale = await api(t, acceptPolicies, { token, body: before });
    expect(stale.code).toBe(CODES.VALIDATION_FAILED);

    const [first, second] = await Promise.all([
      api(t, acceptPolicies, { token, body: next }),
      api(t, acceptPolicies, { token, body: next }),
    ]);
    expect(first.data.needsAcceptance).toBe(false);
    expect(second.data.needsAcceptance).toBe(false);
    const rows = await consentRows(userId);
    expect(rows.filter((row) => row.kind === 'privacy').map((row) => row.version)).toEqual([
      before.privacy,
      next.privacy,
    ]);
    expect(rows.filter((row) => row.kind === 'terms')).toHaveLength(1);

    // The publish was recorded, and a publish on an old read is refused with nothing saved.
    const [record] = await t.app.services.audit.list(1);
    expect(record).toMatchObject({ action: 'policy.publish', subject_type: 'policy', operator: editor.name });
    const late = await consoleApi(t, editor, consolePublishPolicy, {
      body: { kind: 'privacy', basedOn: before.privacy, title: 'Privacy', body: 'Late.' },
    });
    expect(late.code).toBe(CODES.STALE_EDIT);
    const versions = await consoleApi(t, editor, consolePolicies);
    expect(versions.data.filter((row) => row.kind === 'privacy')[0]).toMatchObject({
      version: next.privacy,
      body: 'The new text.',
    });
  });
});

describe('consent before ID photos and the face check', () => {
  it('refuses the upload without consent, records one consent per grant, and refuses again once withdrawn', async () => {
    const { userId, token } = await registerUser(t);
    const image = await testJpeg();
    for (const purpose of ['id_front', 'id_back', 'face'] as const) {
      const refused = await uploadFile(t, token, image, { purpose, withoutConsent: true });
      expect(refused.code).toBe(CODES.BUSINESS_RULE);
    }
    expect(
      (await uploadFile(t, token, image, { purpose: 'face', withoutConsent: true, contentType: 'image/jpeg' })).message,
    ).toBe('Agree to the face check before taking the photo');
    expect(await t.db.selectFrom('files').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    // Other uploads need no consent.
    expect((await uploadFile(t, token, image, { purpose: 'other' })).code).toBe(CODES.OK);

    await Promise.all([
      api(t, grantConsent, { token, body: { kind: 'id_photos' } }),
      api(t, grantConsent, { token, body: { kind: 'id_photos' } }),
    ]);
    const granted = await api(t, grantConsent, { token, body: { kind: 'id_photos' } });
    expect(granted.data).toMatchObject({ idPhotos: true, face: false });
    expect((await consentRows(userId)).filter((row) => row.kind === 'id_photos')).toHaveLength(1);
    expect((await uploadFile(t, token, image, { purpose: 'id_front', withoutConsent: true })).code).toBe(CODES.OK);
    expect((await uploadFile(t, token, image, { purpose: 'face', withoutConsent: true })).code).toBe(
      CODES.BUSINESS_RULE,
    );

    const withdrawn = await api(t, withdrawConsent, { token, body: { kind: 'id_photos' } });
    expect(withdrawn.data.idPhotos).toBe(false);
    expect((await uploadFile(t, token, image, { purpose: 'id_back', withoutConsent: true })).code).toBe(
      CODES.BUSINESS_RULE,
    );
    // The record stays, marked withdrawn; agreeing again adds a new one.
    await api(t, grantConsent, { token, body: { kind: 'id_photos' } });
    const rows = (await consentRows(userId)).filter((row) => row.kind === 'id_photos');
    expect(rows.map((row) => row.withdrawn_at === null)).toEqual([false, true]);
  });

  it('is refused for another kind than the two', async () => {
    const { token } = await registerUser(t);
    const answer = await api(t, grantConsent, { token, body: { kind: 'terms' as 'face' } });
    expect(answer.code).toBe(CODES.VALIDATION_FAILED);
  });
});
