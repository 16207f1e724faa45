import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { updateProfile, uploadFile } from '@stride/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, http } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { ProfileForm } from './profile-form';
import { testUser } from '../../../test/fixtures';

// The request layer is replaced: the profile and the upload answer from here.
vi.mock('../../../lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpModule>();
  return { ...actual, call: vi.fn(), http: { ...actual.http, upload: vi.fn() } };
});

const saveProfile = vi.mocked(call);
const uploadAvatar = vi.mocked(http.upload);

const USER = testUser({
  account: '13800138000',
  realNameStatus: 'verified',
  createdAt: '2026-01-01T00:00:00Z',
  nickname: 'Ming',
});

const UPLOAD = {
  fileId: 'f1',
  url: '/api/v1/files/f1',
  purpose: 'avatar' as const,
  contentType: 'image/png' as const,
  width: 8,
  height: 8,
  size: 70,
};

const nicknameField = () => screen.getByLabelText<HTMLInputElement>('Nickname');

afterEach(() => {
  saveProfile.mockReset();
  uploadAvatar.mockReset();
});

describe('ProfileForm', () => {
  it('previews a picked picture, uploads it as an avatar on save, then saves it with the nickname', async () => {
    uploadAvatar.mockResolvedValue(UPLOAD);
    const saved = { ...USER, nickname: '小明', avatarUrl: UPLOAD.url };
    saveProfile.mockResolvedValue(saved);
    const onSaved = vi.fn();
    const { container } = render(<ProfileForm user={USER} onSaved={onSaved} />);
    expect(nicknameField().value).toBe('Ming');
    expect(container.querySelector('img')).toBeNull();

    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Choose a picture'), { target: { files: [picture] } });
    // The preview shows at once; nothing is sent before Save.
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    expect(screen.getByText('Change picture')).toBeTruthy();
    expect(uploadAvatar).not.toHaveBeenCalled();

    fireEvent.change(nicknameField(), { target: { value: '  小明  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(uploadAvatar).toHaveBeenCalledWith(uploadFile, picture, { purpose: 'avatar' }, { hideErrors: true });
    expect(saveProfile).toHaveBeenCalledWith(
      updateProfile,
      { body: { nickname: '小明', avatarFileId: 'f1' } },
      { hideErrors: true },
    );
  });

  it('clears the nickname when it is emptied, and keeps the avatar when none was picked', async () => {
    saveProfile.mockResolvedValue({ ...USER, nickname: null });
    const onSaved = vi.fn();
    render(<ProfileForm user={USER} onSaved={onSaved} />);
    fireEvent.change(nicknameField(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saveProfile).toHaveBeenCalledWith(updateProfile, { body: { nickname: null } }, { hideErrors: true });
    expect(uploadAvatar).not.toHaveBeenCalled();
  });

  it('says what a nickname may be before sending one that breaks the rule', () => {
    render(<ProfileForm user={USER} onSaved={() => undefined} />);
    fireEvent.change(nicknameField(), { target: { value: 'a\u202eb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('A nickname has 1 to 20 characters, on one line');
    expect(saveProfile).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal once, under the form', async () => {
    saveProfile.mockRejectedValue(
      Object.assign(new Error('Choose a picture you uploaded as your avatar'), { kind: 'envelope', code: 1003 }),
    );
    render(<ProfileForm user={USER} onSaved={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
