import { useId } from 'react';
import { uploadFile } from '@stride/contract';
import { http } from '../../../lib/http';
import type { Upload, UploadPurpose } from '@stride/contract';
import { useSubmit } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { PrivateImage } from './private-image';
import { FormError } from '../../../components/form-error';

export interface IdPhotoFieldProps {
  readonly label: string;
  readonly purpose: Extract<UploadPurpose, 'id_front' | 'id_back'>;
  readonly value: Upload | undefined;
  readonly onChange: (upload: Upload) => void;
  readonly error?: string | undefined;
}

/** One ID photo: picked, uploaded at once with its purpose, shown from the private URL. */
export function IdPhotoField({ label, purpose, value, onChange, error }: IdPhotoFieldProps) {
  const { t } = useI18n();
  const id = useId();
  const uploading = useSubmit();
  const isUploading = uploading.isBusy;
  const shownError = uploading.error ?? error;
  return (
    <div className="identity-photo">
      <input
        id={id}
        className="sr-only"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={isUploading}
        aria-describedby={shownError ? `${id}-error` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Let the same file be picked again after a failed upload.
          event.target.value = '';
          if (!file) return;
          void uploading.run(() => http.upload(uploadFile, file, { purpose }, { hideErrors: true }).then(onChange));
        }}
      />
      <label htmlFor={id} className="identity-photo__frame">
        {value ? <PrivateImage url={value.url} alt="" /> : <span className="identity-photo__plus" aria-hidden="true" />}
        <span className="identity-photo__label">
          {label}
          {isUploading ? ` · ${t('identity.uploading')}` : value ? ` · ${t('identity.replace')}` : ''}
        </span>
      </label>
      <FormError message={shownError} id={`${id}-error`} />
    </div>
  );
}
