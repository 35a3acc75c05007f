// fast-check arbitraries derived from our zod schemas (zod 4 definitions): values shaped like what a
// route parses, mostly valid, to reach past validation; and hostile values to throw at it.
import fc from 'fast-check';
import type { z } from 'zod';

interface CheckDef {
  check?: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  format?: string;
  pattern?: RegExp;
}

type Def = { type: string; [key: string]: unknown };

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => ((def.checks as Array<{ _zod: { def: CheckDef } }> | undefined) ?? []).map((c) => c._zod.def);

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const minLength = Math.max(0, ...checks.filter((c) => c.check === 'min_length').map((c) => c.minimum ?? 0));
  const maxLength = Math.min(200, ...checks.filter((c) => c.check === 'max_length').map((c) => c.maximum ?? 200));
  const format = (def.format as string | undefined) ?? checks.find((c) => c.check === 'string_format')?.format;
  const pattern = checks.find((c) => c.format === 'regex')?.pattern;
  const within = (s: string) => s.length >= minLength && s.length <= Math.max(minLength, maxLength);
  switch (format) {
    case 'regex':
      return pattern ? fc.stringMatching(pattern).filter(within) : fc.string({ minLength, maxLength });
    case 'datetime':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1950-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'url':
      return fc.webUrl();
    case 'email':
      return fc.emailAddress();
    case 'uuid':
    case 'guid':
      return fc.uuid();
    default:
      return fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme' });
  }
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const min = Math.max(-1e6, ...checks.filter((c) => c.check === 'greater_than').map((c) => c.value ?? -1e6));
  const max = Math.min(1e6, ...checks.filter((c) => c.check === 'less_than').map((c) => c.value ?? 1e6));
  const integer = checks.some((c) => c.format === 'safeint' || c.format === 'int32');
  if (min > max) return fc.constant(min);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values of the schema's shape (optional fields sometimes left out); refinements may still refuse them. */
export function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(null);
  const inner = (key: string) => arbitraryOf(def[key] as z.ZodType, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'int':
      return fc.integer({ min: -1000, max: 1_000_000 });
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1n << 60n }).map(String);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(shape)) record[key] = arbitraryOf(value, depth + 1);
      const required = Object.keys(shape).filter((k) => !['optional', 'default', 'prefault'].includes(defOf(shape[k]!).type));
      return fc.record(record, { requiredKeys: required });
    }
    case 'array':
      return fc.array(inner('element'), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((item) => arbitraryOf(item, depth + 1)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), inner('valueType'), { maxKeys: 3 });
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(inner('innerType'), { nil: undefined });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => arbitraryOf(o, depth + 1)));
    case 'intersection':
      return fc.tuple(inner('left'), inner('right')).map(([l, r]) => (isPlainObject(l) && isPlainObject(r) ? { ...l, ...r } : l));
    case 'pipe':
      return inner('in');
    case 'lazy':
      return arbitraryOf((def.getter as () => z.ZodType)(), depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Strings no database column can hold: NUL bytes and lone UTF-16 surrogates, alone and inside text. */
export const unstorableString: fc.Arbitrary<string> = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\udc00y',
  'end\ud83d',
  '💎\u0000💎',
);

/** Strings that break naive code: huge, control characters, right-to-left marks, emoji, SQL and HTML. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40, unit: 'binary' }),
  unstorableString,
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u202d',
    '💎'.repeat(300),
    "'; drop table events; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
    '__proto__',
    'constructor',
    'NaN',
    '-0',
    '1e400',
  ),
  fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON value a client can send, with the numbers and nestings that break code. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(-1, 0, -1e308, 1e308, 2 ** 53 + 1, Number.MIN_VALUE, null, true, [], {}),
  fc.jsonValue({ maxDepth: 4 }),
  fc.integer({ min: 50, max: 2_000 }).map((n) => JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 500, maxLength: 2_000 }),
);

/** A body that is valid in shape with one field replaced by a hostile value (or the whole body hostile). */
export function hostileBodyOf(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  return fc.oneof(
    hostileValue,
    fc.tuple(arbitraryOf(schema), hostileValue, fc.nat()).map(([valid, bad, pick]) => {
      if (!isPlainObject(valid)) return bad;
      const keys = Object.keys(valid);
      const key = keys.length > 0 ? keys[pick % keys.length]! : 'extra';
      return { ...valid, [key]: bad };
    }),
  );
}

/** Raw request bodies that are not well-formed JSON: truncated, duplicate keys, a prototype key. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"title":"x","title":"y"}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    'null',
    '"just a string"',
    '12',
    'NaN',
    '\u0000',
  ),
  fc.json().map((j) => j.slice(0, Math.max(1, Math.floor(j.length / 2)))),
);
