import { useId, useState, type FormEvent } from 'react';
import { NICKNAME_MAX, isNickname, type User, updateProfile, uploadFile } from '@stride/contract';
import { call, http } from '../../../lib/http';
import { TextInput } from '../../../components/text-input';
import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { Avatar } from '../../../components/avatar';
import { FormError } from '../../../components/form-error';

export interface ProfileFormProps {
  readonly user: User;
  /** The user as the server answered after saving. */
  readonly onSaved: (user: User) => void;
}

/**
 * docs/product/client.md, Profile (decision 043 "Profile (nickname and avatar), My in groups with icons"): the avatar
 * (picked, previewed, uploaded on save) and the nickname. An empty nickname clears it: the app then greets by the
 * masked number.
 */
export function ProfileForm({ user, onSaved }: ProfileFormProps) {
  const { t } = useI18n();
  const pickerId = useId();
  const [nickname, setNickname] = useState(user.nickname ?? '');
  const [picture, setPicture] = useState<File | undefined>(undefined);
  const sending = useSubmit({ staysBusyOnSuccess: true });
  const { run, setError } = sending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = nickname.trim();
    if (trimmed && !isNickname(trimmed)) {
      setError(t('profile.nicknameRule', { max: NICKNAME_MAX }));
      return;
    }
    void run(async () => {
      const upload = picture
        ? await http.upload(uploadFile, picture, { purpose: 'avatar' }, { hideErrors: true })
        : undefined;
      const saved = await call(
        updateProfile,
        { body: { nickname: trimmed || null, ...(upload ? { avatarFileId: upload.fileId } : {}) } },
        { hideErrors: true },
      );
      onSaved(saved);
    });
  }

  return (
    <form className="card profile-form" onSubmit={submit} noValidate>
      <div className="profile-form__avatar">
        <Avatar url={user.avatarUrl} preview={picture} size={88} />
        <input
          id={pickerId}
          className="sr-only"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={sending.isBusy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file may be picked again later.
            event.target.value = '';
            if (file) setPicture(file);
          }}
        />
        <label htmlFor={pickerId} className="button button--ghost profile-form__pick">
          {t(user.avatarUrl || picture ? 'profile.changeAvatar' : 'profile.chooseAvatar')}
        </label>
      </div>
      <TextInput
        label={t('profile.nickname')}
        autoComplete="nickname"
        maxLength={NICKNAME_MAX}
        value={nickname}
        onChange={setNickname}
      />
      <p className="hint">{t('profile.nicknameHint', { max: NICKNAME_MAX })}</p>
      <FormError message={sending.error} />
      <button type="submit" className="button button--block" disabled={sending.isBusy}>
        {sending.isBusy ? t('profile.saving') : t('profile.save')}
      </button>
    </form>
  );
}
