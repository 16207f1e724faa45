import { APPEAL_NOTE_MAX, createAppeal, uploadFile, type Appeal, type AppealKind } from '@stride/contract';
import { useId, useState, type FormEvent } from 'react';
import { FormError } from '../../../components/form-error';
import { ImagePicker } from '../../../components/image-picker';
import { useSubmit } from '../../../hooks';
import { call, http } from '../../../lib/http';
import { useI18n } from '../../../lib/i18n';
import { limitInput } from '../../../lib/input';

/** The purpose a picture sent with an appeal is uploaded with. */
const PICTURE_PURPOSE = 'other';

export interface AppealFormProps {
  readonly kind: AppealKind;
  readonly subject: string;
  /** The form's head: what is appealed, in words. */
  readonly title: string;
  /** Hours a reviewer has to decide (the server's setting). */
  readonly decisionHours: number;
  readonly onSent: (appeal: Appeal) => void;
}

/**
 * The appeal of one decision (POST /api/appeals, docs/product/appeals.md): what happened, in the user's words, and
 * optionally one picture (the watch's screen), uploaded as the appeal is sent. Once per decision: the server refuses a
 * second, and the page shows the first instead of this form.
 */
export function AppealForm({ kind, subject, title, decisionHours, onSent }: AppealFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [note, setNote] = useState('');
  const [pictures, setPictures] = useState<File[]>([]);
  const [missing, setMissing] = useState(false);
  const sending = useSubmit({ staysBusyOnSuccess: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') {
      setMissing(true);
      return;
    }
    void sending.run(async () => {
      const [picture] = pictures;
      const upload = picture
        ? await http.upload(uploadFile, picture, { purpose: PICTURE_PURPOSE }, { hideErrors: true })
        : undefined;
      const body = { kind, subject, note: note.trim(), ...(upload ? { fileId: upload.fileId } : {}) };
      onSent(await call(createAppeal, { body }, { hideErrors: true }));
    });
  };

  return (
    <form className="card appeal-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="appeal-form__title">
        {title}
      </h2>
      <p className="hint">{t('appeals.formHint', { hours: decisionHours })}</p>
      <div className="field">
        <label htmlFor={`${id}-note`} className="field__label">
          {t('appeals.note')}
        </label>
        <textarea
          id={`${id}-note`}
          className="input appeal-form__note"
          rows={4}
          maxLength={APPEAL_NOTE_MAX}
          placeholder={t('appeals.notePlaceholder')}
          value={note}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-missing` : undefined}
          onChange={(event) => {
            setMissing(false);
            setNote(limitInput(event.target.value, APPEAL_NOTE_MAX));
          }}
        />
        <FormError message={missing ? t('appeals.noteRequired') : undefined} id={`${id}-missing`} />
      </div>
      <ImagePicker label={t('appeals.picture')} value={pictures} onChange={setPictures} count={1} />
      <FormError message={sending.error} />
      <button type="submit" className="button button--block" disabled={sending.isBusy}>
        {t('appeals.send')}
      </button>
    </form>
  );
}
