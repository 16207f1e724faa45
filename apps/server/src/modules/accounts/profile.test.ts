import { CODES, getFile, getUserInfo, login, updateProfile } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../lib/clock.js';
import { api, raw, registerUser, testJpeg, uploadFile, useTestApp } from '../../../test/harness.js';

const t = useTestApp();

const HOUR_MS = 60 * MINUTE_MS;

async function uploadAvatar(token: string, purpose = 'avatar') {
  const answer = await uploadFile(t, token, await testJpeg(), { purpose });
  expect(answer.code).toBe(CODES.OK);
  return answer.data;
}

describe('profile: nickname and avatar', () => {
  it('start empty, are set, shown in the user info and at login, and cleared with null', async () => {
    const user = await registerUser(t);
    const before = await api(t, getUserInfo, { token: user.token });
    expect(before.data).toMatchObject({ nickname: null, avatarUrl: null });

    const avatar = await uploadAvatar(user.token);
    const saved = await api(t, updateProfile, {
      token: user.token,
      body: { nickname: '  小明 Walker 🚶  ', avatarFileId: avatar.fileId },
    });
    expect(saved).toMatchObject({ code: CODES.OK, data: { nickname: '小明 Walker 🚶', avatarUrl: avatar.url } });
    expect((await api(t, getUserInfo, { token: user.token })).data).toMatchObject({
      nickname: '小明 Walker 🚶',
      avatarUrl: avatar.url,
    });
    const again = await api(t, login, { body: { account: user.account, password: user.password } });
    expect(again.data?.user).toMatchObject({ nickname: '小明 Walker 🚶', avatarUrl: avatar.url });
    const image = await api(t, getFile, { token: user.token, params: { id: avatar.fileId } });
    expect(image.status).toBe(200);

    // Left out keeps; null clears.
    const onlyName = await api(t, updateProfile, { token: user.token, body: { nickname: 'Ming' } });
    expect(onlyName.data).toMatchObject({ nickname: 'Ming', avatarUrl: avatar.url });
    const cleared = await api(t, updateProfile, { token: user.token, body: { nickname: null, avatarFileId: null } });
    expect(cleared.data).toMatchObject({ nickname: null, avatarUrl: null });
  });

  it('count a nickname in characters: 20 emoji pass, 21 letters or a blank one are refused in the user’s language', async () => {
    const user = await registerUser(t);
    const emoji = '🚶'.repeat(20);
    expect((await api(t, updateProfile, { token: user.token, body: { nickname: emoji } })).data?.nickname).toBe(emoji);

    const long = await api(t, updateProfile, { token: user.token, body: { nickname: 'a'.repeat(21) } });
    expect(long).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'Nickname: must be 1 to 20 characters, without line breaks or direction marks',
    });
    const blank = await api(t, updateProfile, { token: user.token, body: { nickname: '   ' }, language: 'zh-Hans' });
    expect(blank).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: '昵称：必填',
    });
    const control = await api(t, updateProfile, { token: user.token, body: { nickname: 'a\u0007b' }, language: 'fr' });
    expect(control).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'Pseudo : ne doit pas contenir de caractères de contrôle',
    });
    const override = await api(t, updateProfile, { token: user.token, body: { nickname: 'evil\u202egnp.exe' } });
    expect(override.code).toBe(CODES.VALIDATION_FAILED);
    const unknownField = await api(t, updateProfile, { token: user.token, body: raw({ account: '13800000000' }) });
    expect(unknownField.code).toBe(CODES.VALIDATION_FAILED);
    // Nothing refused changed anything.
    expect((await api(t, getUserInfo, { token: user.token })).data?.nickname).toBe(emoji);
  });

  it('refuse as avatar someone else’s upload, an upload of another purpose and a missing one, alike', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const theirs = await uploadAvatar(other.token);
    const idPhoto = await uploadAvatar(owner.token, 'id_front');
    const expected = {
      code: CODES.VALIDATION_FAILED,
      message: '请选择你自己上传的图片作为头像',
    };
    for (const avatarFileId of [theirs.fileId, idPhoto.fileId, '00000000-0000-4000-8000-000000000000']) {
      expect(
        await api(t, updateProfile, { token: owner.token, body: { avatarFileId, nickname: 'x' }, language: 'zh-Hans' }),
      ).toMatchObject(expected);
    }
    // The refused call changed nothing, the nickname included.
    expect((await api(t, getUserInfo, { token: owner.token })).data).toMatchObject({ nickname: null, avatarUrl: null });
    // And the other user's avatar stays theirs: the owner cannot read it.
    const peek = await api(t, getFile, { token: owner.token, params: { id: theirs.fileId } });
    expect(peek.code).toBe(CODES.NOT_FOUND);
  });

  it('keep the avatar through the cleanup of unused uploads, which removes an avatar no longer used', async () => {
    const user = await registerUser(t);
    const first = await uploadAvatar(user.token);
    await api(t, updateProfile, { token: user.token, body: { avatarFileId: first.fileId } });
    const second = await uploadAvatar(user.token);
    t.clock.advance(25 * HOUR_MS);
    await t.app.services.files.cleanupUnreferenced();
    expect((await api(t, getFile, { token: user.token, params: { id: first.fileId } })).status).toBe(200);
    expect((await api(t, getFile, { token: user.token, params: { id: second.fileId } })).code).toBe(CODES.NOT_FOUND);
    const gone = await api(t, updateProfile, { token: user.token, body: { avatarFileId: second.fileId } });
    expect(gone.code).toBe(CODES.VALIDATION_FAILED);
  });

  it('needs a session', async () => {
    expect((await api(t, updateProfile, { body: { nickname: 'x' } })).code).toBe(CODES.SESSION_INVALID);
  });
});
