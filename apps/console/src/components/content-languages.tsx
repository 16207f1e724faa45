import { LANGUAGES, type Language } from '@stride/contract';
import { Collapse, Form, Input, Select, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n-context';

/** A field an operator may write in every language, as the editor's own field for it is. */
export interface TranslatedField {
  name: string;
  label: string;
  max: number;
  multiline?: boolean;
  /**
   * A custom input (the notice body's rich editor) named `label`; it gets `value` and `onChange`
   * from the form.
   */
  input?: (label: string) => ReactNode;
}

/**
 * The language fields of a content item as the console reads and sends them (decision 042 "Content in every language").
 */
export interface LanguageValues {
  defaultLanguage: Language;
  translations: Partial<Record<Language, Partial<Record<string, string>>>>;
}

export const NO_TRANSLATIONS: LanguageValues = { defaultLanguage: 'en', translations: {} };

/** The form's values for a saved item, or for a new one (`NO_TRANSLATIONS`). */
export function languageValues(row?: LanguageValues): LanguageValues {
  return row ? { defaultLanguage: row.defaultLanguage, translations: row.translations } : NO_TRANSLATIONS;
}

/**
 * Inside an editor's form: the language its own fields are written in, and a tab per other
 * language with the same fields, optional (an empty field falls back: the other Chinese script,
 * then the default language). Only the default language's text is required.
 */
export function ContentLanguages({ fields }: { readonly fields: readonly TranslatedField[] }) {
  const { t } = useI18n();
  const form = Form.useFormInstance();
  const chosen = Form.useWatch('defaultLanguage', form) as Language | undefined;
  const translations = Form.useWatch('translations', form) as LanguageValues['translations'] | undefined;
  const defaultLanguage = chosen ?? 'en';
  const others = LANGUAGES.filter((language) => language !== defaultLanguage);
  const filled = (language: Language) =>
    fields.filter((field) => (translations?.[language]?.[field.name] ?? '').trim() !== '').length;
  const written = others.filter((language) => filled(language) > 0);

  return (
    <fieldset aria-label={t('languages.title')} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Form.Item
        name="defaultLanguage"
        label={t('languages.default')}
        extra={t('languages.defaultHint')}
        initialValue="en"
      >
        <Select
          style={{ maxWidth: 240 }}
          options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
        />
      </Form.Item>
      <Collapse
        size="small"
        items={[
          {
            key: 'languages',
            forceRender: true,
            label: (
              <span>
                {t('languages.other')}
                {written.length > 0 ? (
                  <Typography.Text type="secondary">
                    {' · '}
                    {written.map((language) => t(`languages.${language}`)).join(', ')}
                  </Typography.Text>
                ) : null}
              </span>
            ),
            children: (
              <Tabs
                size="small"
                tabBarGutter={16}
                items={others.map((language) => ({
                  key: language,
                  forceRender: true,
                  label: (
                    <span data-language={language}>
                      {t(`languages.${language}`)}
                      {filled(language) > 0 ? ' ✓' : ''}
                    </span>
                  ),
                  children: fields.map((field) => {
                    const label = `${field.label} · ${t(`languages.${language}`)}`;
                    return (
                      <Form.Item
                        key={field.name}
                        name={['translations', language, field.name]}
                        label={label}
                        rules={[{ max: field.max }]}
                      >
                        {field.input?.(label) ??
                          (field.multiline ? (
                            <Input.TextArea
                              lang={language}
                              maxLength={field.max}
                              placeholder={t('languages.empty')}
                              autoSize={{ minRows: 2, maxRows: 5 }}
                            />
                          ) : (
                            <Input lang={language} maxLength={field.max} placeholder={t('languages.empty')} />
                          ))}
                      </Form.Item>
                    );
                  }),
                }))}
              />
            ),
          },
        ]}
      />
    </fieldset>
  );
}
