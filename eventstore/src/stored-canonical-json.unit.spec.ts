// The one-pass canonical JSON a money event is stored and digested as must be exactly the canonical
// JSON of what JSON.stringify would have stored, or kept chains stop verifying.
import { canonicalJson } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { storedCanonicalJson } from './stored-canonical-json.ts';

const roundTrip = (value: unknown) => canonicalJson(JSON.parse(JSON.stringify(value)));

class Amount {
  constructor(readonly value: number) {}
}
const withNullProto = Object.assign(Object.create(null) as Record<string, unknown>, { b: 1, a: [true, false] });
const ownProto = JSON.parse('{"__proto__": {"x": 1}, "a": 1}') as unknown;

const cases: [string, unknown][] = [
  [
    'a gift',
    { senderUid: 'u-0', giftId: 'rose', quantity: 1, unitPrice: 10, recipients: ['u-1', 'u-2'], sentAt: '2026-11-27T10:00:00.000Z' },
  ],
  ['integer-like keys, which objects order numerically', { '10': 'ten', '2': 'two', b: 1, '1': 'one', a: 0 }],
  ['keys beyond ASCII and escapes', { é: 1, e: 2, 'Z"\\\n': 3, '\u{1F600}': 4, '\uFFFF': 5 }],
  ['strings needing escapes and a lone surrogate', { s: 'quote " backslash \\ tab \t ctrl \u0001 \u2028', lone: '\uD800' }],
  ['numbers', { big: 1e21, small: 1e-7, negZero: -0, frac: 0.1 + 0.2, max: Number.MAX_SAFE_INTEGER, nan: NaN, inf: -Infinity }],
  ['undefined, function and symbol values', { keep: 1, u: undefined, f: () => 1, s: Symbol('x') }],
  ['nested arrays and objects', { a: [[1, [2, { z: 1, y: [] }]], {}], b: { d: { c: null } } }],
  ['a Date and a toJSON', { at: new Date(0), custom: { toJSON: () => ({ y: 2, x: 1 }) } }],
  ['undefined, a function and a hole in an array', { a: [undefined, () => 1, 1, , 3] }],
  ['a class instance and boxed primitives', { amount: new Amount(5), n: new Number(3), s: new String('x'), t: new Boolean(false) }],
  ['a null-prototype object', { p: withNullProto }],
  ['an own __proto__ key', { o: ownProto }],
  ['deep nesting', { d: Array.from({ length: 100 }).reduce<unknown>((inner) => ({ inner }), { end: true }) }],
];

describe('storedCanonicalJson', () => {
  it.each(cases)('equals the canonical JSON of the value JSON.stringify stores: %s', (_name, value) => {
    expect(storedCanonicalJson(value)).toBe(roundTrip(value));
  });

  it('writes the same once a shape is common enough to get its own writer, and for an object used as a map', () => {
    for (let round = 0; round < 40; round++) {
      for (const [, value] of cases) expect(storedCanonicalJson(value)).toBe(roundTrip(value));
      const map = { [`u-${round}`]: round, [`u-${round + 1}`]: -round, z: { [`k${round}`]: [round] } };
      expect(storedCanonicalJson(map)).toBe(roundTrip(map));
    }
  });

  it('parses back to the same value JSON.stringify would store', () => {
    for (const [, value] of cases) expect(JSON.parse(storedCanonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('throws where JSON.stringify throws: a cycle, a bigint', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(() => storedCanonicalJson(cyclic)).toThrow(TypeError);
    expect(() => storedCanonicalJson({ n: 1n })).toThrow(TypeError);
  });
});
