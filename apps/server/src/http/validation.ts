import type { z } from 'zod';
import { hasMessage, type MessageKey, type Translate } from '../locales/index.js';
import { AppError } from './errors.js';

const MAX_REPORTED_ISSUES = 3;

function fieldLabel(path: readonly PropertyKey[], t: Translate): string {
  if (path.length === 0) return t('field.body');
  const name = path.map(String).join('.');
  const key = `field.${name}`;
  return hasMessage(key) ? t(key) : name;
}

function typeLabel(expected: string, t: Translate): string {
  const key = `type.${expected}`;
  return hasMessage(key) ? t(key) : expected;
}

/** One sentence about one field; `field` tells sentences about the same field apart. */
interface Sentence {
  readonly field: string;
  readonly text: string;
}

/** Turns one zod issue into sentences that name the field and the rule that failed. */
function describeIssue(issue: z.core.$ZodIssue, t: Translate): Sentence[] {
  const field = issue.path.map(String).join('.');
  // A body of one of several shapes: described by the shape its fields are meant for (the one whose
  // fields it has, then the one it misses least), not as "invalid" as a whole.
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const foreign = (issues: z.core.$ZodIssue[]) =>
      issues.filter((inner) => inner.code === 'unrecognized_keys' && inner.path.length === 0).length;
    const [closest] = [...issue.errors].sort((a, b) => foreign(a) - foreign(b) || a.length - b.length);
    return (closest ?? []).flatMap((inner) => describeIssue({ ...inner, path: [...issue.path, ...inner.path] }, t));
  }
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      field: [field, key].filter(Boolean).join('.'),
      text: t('rule.unknownField', { field: fieldLabel([...issue.path, key], t) }),
    }));
  }
  // An empty text is missing, whatever else it would break (a password's length, letter, digit).
  const isEmptyText = issue.input === '' && issue.code !== 'invalid_type';
  return describeRule(
    isEmptyText ? { ...issue, code: 'too_small', origin: 'string', minimum: 1, message: '' } : issue,
    t,
  ).map((text) => ({ field, text }));
}

function describeRule(issue: z.core.$ZodIssue, t: Translate): string[] {
  const field = fieldLabel(issue.path, t);
  if (hasMessage(issue.message) && issue.message.startsWith('rule.')) {
    return [t(issue.message, { field })];
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return [t('rule.required', { field })];
      if (issue.expected === 'int') return [t('rule.integer', { field })];
      return [t('rule.type', { field, expected: typeLabel(issue.expected, t) })];
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return [t(min <= 1 ? 'rule.required' : 'rule.tooShort', { field, min })];
      if (issue.origin === 'array') return [t('rule.tooFew', { field, min })];
      return [t('rule.tooSmall', { field, min })];
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'array') return [t('rule.tooMany', { field, max })];
      return [t(issue.origin === 'string' ? 'rule.tooLong' : 'rule.tooBig', { field, max })];
    }
    case 'invalid_format':
      return [t(issue.format === 'date' ? 'rule.date' : 'rule.format', { field })];
    case 'invalid_value':
      return [t('rule.option', { field, options: issue.values.map(String).join(', ') })];
    case 'not_multiple_of':
      return [t('rule.integer', { field })];
    default:
      return [t('rule.format', { field })];
  }
}

export function validationError(error: z.ZodError, t: Translate): AppError {
  // Each field is named once, with the first rule it breaks: "Password: must be at least 8
  // characters", not that and then "Password: must contain a digit" as well.
  const named = new Set<string>();
  const sentences: string[] = [];
  for (const sentence of error.issues.flatMap((issue) => describeIssue(issue, t))) {
    if (named.has(sentence.field)) continue;
    named.add(sentence.field);
    sentences.push(sentence.text);
  }
  // Sentences joined the way the language joins them (Chinese with a full-width semicolon).
  const text = sentences.slice(0, MAX_REPORTED_ISSUES).join(t('sentenceSeparator'));
  return new AppError('VALIDATION_FAILED', 'validationFailed', {}, text || t('validationFailed'));
}

export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown, t: Translate): z.output<T> {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw validationError(result.error, t);
  return result.data;
}

export function isMessageKey(value: string): value is MessageKey {
  return hasMessage(value);
}

// eslint-disable-next-line no-control-regex -- the point is to find control characters.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Refuses a control character anywhere in the path parameters or the query string, for every
 * route, whether or not it has a contract schema: no address legitimately carries one, and a NUL
 * would reach the database (PostgreSQL refuses it). Bodies are checked by the contract's rules.
 */
export function refuseControlCharacters(values: unknown, t: Translate): void {
  if (!values || typeof values !== 'object') return;
  for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
    const texts: unknown[] = [name, ...(Array.isArray(value) ? (value as unknown[]) : [value])];
    if (texts.some((item) => typeof item === 'string' && CONTROL_CHARACTER.test(item))) {
      const field = CONTROL_CHARACTER.test(name) ? t('field.body') : fieldLabel([name], t);
      throw new AppError('VALIDATION_FAILED', 'validationFailed', {}, t('rule.controlCharacters', { field }));
    }
  }
}
