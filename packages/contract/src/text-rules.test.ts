import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MULTI_LINE_PATTERN, multilineText, text } from './common.js';
import { SINGLE_LINE_PATTERN } from './rules/account-fields.js';
import { ENDPOINTS } from './index.js';

interface Leaf {
  path: string;
  schema: z.core.$ZodType;
}

/** Every string schema reachable from an input schema, with where it sits. */
function stringLeaves(schema: z.core.$ZodType, path: string): Leaf[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string) => stringLeaves(def[key] as z.core.$ZodType, path);
  switch (def.type) {
    case 'string':
      return [{ path, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([key, value]) =>
        stringLeaves(value, `${path}.${key}`),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return [...inner('in'), ...inner('out')];
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((option) => stringLeaves(option, path));
    case 'array':
      return stringLeaves(def.element as z.core.$ZodType, `${path}[]`);
    case 'record':
      // Content translations (decision 042 "Content in every language"): language keys, then each language's texts.
      return [
        ...stringLeaves(def.keyType as z.core.$ZodType, `${path}{key}`),
        ...stringLeaves(def.valueType as z.core.$ZodType, `${path}{}`),
      ];
    case 'number':
    case 'boolean':
    case 'literal':
    case 'enum':
    case 'never':
      return [];
    default:
      // A kind of schema this walk does not know yet: teach it rather than skip the fields inside.
      throw new Error(`${path}: unexpected schema type ${def.type}`);
  }
}

/** Strict date formats refuse control characters by their own anchored pattern. */
const SAFE_FORMATS = new Set(['date', 'datetime']);

function refusesControlCharacters(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as z.core.$ZodStringDef & { format?: string };
  if (def.format && SAFE_FORMATS.has(def.format)) return true;
  return (def.checks ?? []).some((check) => {
    const pattern = (check._zod.def as { pattern?: RegExp }).pattern;
    return pattern === SINGLE_LINE_PATTERN || pattern === MULTI_LINE_PATTERN;
  });
}

describe('text rules', () => {
  it('every string in every endpoint’s params, query and body refuses control characters', () => {
    const leaves = ENDPOINTS.flatMap((endpoint) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = endpoint[part];
        return schema ? stringLeaves(schema, `${endpoint.id} ${part}`) : [];
      }),
    );
    // The walk really reaches the fields (ids, names, passwords, query filters).
    expect(leaves.length).toBeGreaterThan(30);
    expect(leaves.map((leaf) => leaf.path)).toContain('user.login body.password');
    expect(leaves.map((leaf) => leaf.path)).toContain('pay.get params.id');
    expect(leaves.map((leaf) => leaf.path)).toContain('goods.list query.categoryId');
    expect(leaves.map((leaf) => leaf.path)).toContain('console.notices.create body.translations{}.body');
    const unguarded = leaves.filter((leaf) => !refusesControlCharacters(leaf.schema)).map((leaf) => leaf.path);
    expect(unguarded).toEqual([]);
    for (const leaf of leaves) {
      const result = (leaf.schema as z.ZodType).safeParse('12345678\u0000abcdefgh');
      expect(result.success, leaf.path).toBe(false);
    }
  });

  it('single-line text refuses every C0 control character and DEL, and keeps the rest', () => {
    const schema = text();
    for (let code = 0; code < 0x20; code += 1) {
      const result = schema.safeParse(`a${String.fromCharCode(code)}b`);
      expect(result.error?.issues[0]?.message, `U+${code.toString(16)}`).toBe('rule.controlCharacters');
    }
    expect(schema.safeParse('a\u007fb').success).toBe(false);
    expect(schema.safeParse('Li Na 李娜 — ¥1.00 😀').success).toBe(true);
  });

  it('multi-line text allows line feeds and tabs only', () => {
    const schema = multilineText();
    expect(schema.safeParse('line one\n\tline two').success).toBe(true);
    for (const bad of ['\u0000', '\r', '\u000b', '\u001b', '\u007f']) {
      expect(schema.safeParse(`a${bad}b`).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('stops at the control character rule, so one field gets one sentence', () => {
    const result = text()
      .min(20)
      .regex(/^[0-9]+$/)
      .safeParse('1\u0000');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['rule.controlCharacters']);
  });
});
