import { useId } from 'react';
import { useImageSource } from '../../hooks';
import { useI18n } from '../../lib/i18n';
import './image-picker.css';

/** docs/product/client.md, Gestures and components: at most 9 images; a count of 0 or less means 9. */
export const IMAGE_PICKER_DEFAULT_COUNT = 9;

export function normaliseCount(count: number | undefined): number {
  return count !== undefined && Number.isFinite(count) && count > 0 ? Math.floor(count) : IMAGE_PICKER_DEFAULT_COUNT;
}

export interface ImagePickerProps {
  readonly label: string;
  readonly value: readonly File[];
  /** The caller uploads, if it wants to; the picker only chooses. */
  readonly onChange: (files: File[]) => void;
  readonly count?: number;
  /** A thumbnail was tapped; the caller may open an ImagePreview of `value` (it takes Files too). */
  readonly onPreview?: (index: number) => void;
}

function Thumbnail({ file }: { readonly file: File }) {
  return <img ref={useImageSource(file)} alt="" />;
}

export function ImagePicker({ label, value, onChange, count, onPreview }: ImagePickerProps) {
  const { t } = useI18n();
  const id = useId();
  const max = normaliseCount(count);
  const isFull = value.length >= max;

  return (
    <fieldset className="image-picker">
      <legend className="field__label">
        {label} <span className="image-picker__count">{t('picker.count', { count: value.length, max })}</span>
      </legend>
      <ul className="image-picker__grid">
        {value.map((file, index) => (
          <li key={`${file.name}-${file.lastModified}-${index}`} className="image-picker__item">
            <button
              type="button"
              className="image-picker__thumb"
              aria-label={t('picker.preview', { index: index + 1 })}
              onClick={() => onPreview?.(index)}
            >
              <Thumbnail file={file} />
            </button>
            <button
              type="button"
              className="image-picker__remove"
              aria-label={t('picker.remove', { index: index + 1 })}
              onClick={() => onChange(value.filter((_, other) => other !== index))}
            >
              ×
            </button>
          </li>
        ))}
        {isFull ? null : (
          <li className="image-picker__item">
            <label htmlFor={id} className="image-picker__add">
              <span className="sr-only">{t('picker.add')}</span>
            </label>
            <input
              id={id}
              className="sr-only"
              type="file"
              accept="image/*"
              multiple={max - value.length > 1}
              onChange={(event) => {
                const picked = Array.from(event.target.files ?? []).filter((file) => file.type.startsWith('image/'));
                // Let the same file be picked again after it was removed.
                event.target.value = '';
                if (picked.length > 0) onChange([...value, ...picked].slice(0, max));
              }}
            />
          </li>
        )}
      </ul>
    </fieldset>
  );
}
