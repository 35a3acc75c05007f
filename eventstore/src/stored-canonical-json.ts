// A money event's data serialised once, as the canonical JSON its chain digest is taken of
// (docs/decisions/ledger-proof.md): the same text is what the store sends to be stored.
import { canonicalJson } from '@murmur/contracts';

/** Thrown inside the fast path when a value is not plain data; the caller then takes the round trip. */
const NOT_PLAIN = Symbol('not plain data');

/** Deeper than this, the round trip decides (JSON.stringify names a cycle where recursion would overflow). */
const MAX_FAST_DEPTH = 64;

/** An object shape's keys in code-unit order, each already quoted as a JSON key with its colon. */
interface SortedShape {
  own: string[];
  sorted: string[];
  quoted: string[];
}

/** The sorted keys of the shapes seen, by their keys in own order: a money event's data is one of a
 * few shapes, and sorting and quoting its keys again for every event cost as much as the rest of
 * the serialisation. Bounded: emptied when full. */
const shapes = new Map<string, SortedShape>();
const MAX_SHAPES = 512;

function sortedShape(own: string[]): SortedShape {
  // The signature joins keys with NUL, which a key may itself hold: a hit is checked key by key.
  const signature = own.join('\u0000');
  const hit = shapes.get(signature);
  if (hit && hit.own.length === own.length && hit.own.every((k, i) => k === own[i])) return hit;
  const sorted = [...own].sort();
  const shape = { own, sorted, quoted: sorted.map((k) => JSON.stringify(k) + ':') };
  if (shapes.size >= MAX_SHAPES) shapes.clear();
  shapes.set(signature, shape);
  return shape;
}

function hasToJson(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

function plain(value: unknown, depth: number): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (depth > MAX_FAST_DEPTH || hasToJson(value)) throw NOT_PLAIN;
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto === Array.prototype) {
        const array = value as unknown[];
        let out = '[';
        for (let i = 0; i < array.length; i++) {
          // A hole or an element JSON.stringify turns into null: left to the round trip.
          if (!(i in array)) throw NOT_PLAIN;
          out += (i === 0 ? '' : ',') + plain(array[i], depth + 1);
        }
        return out + ']';
      }
      if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
      const record = value as Record<string, unknown>;
      // Code-unit order, as canonicalJson sorts (integer-like keys included, unlike an object's own order).
      const { sorted, quoted } = sortedShape(Object.keys(record));
      let out = '{';
      let first = true;
      for (let i = 0; i < sorted.length; i++) {
        const v = record[sorted[i]!];
        // JSON.stringify leaves these keys out, so they are not in what is stored.
        if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
        out += (first ? '' : ',') + quoted[i]! + plain(v, depth + 1);
        first = false;
      }
      return out + '}';
    }
    default:
      throw NOT_PLAIN;
  }
}

/** `canonicalJson(JSON.parse(JSON.stringify(value)))` — the canonical JSON of the value as JSON stores
 * it and jsonb gives it back — computed in one pass for plain data (plain objects, arrays, strings,
 * finite numbers, booleans, null). Anything else (a toJSON, a class instance, a hole, a cycle) takes
 * that round trip, and throws where JSON.stringify throws. */
export function storedCanonicalJson(value: unknown): string {
  try {
    return plain(value, 0);
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
  }
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('not representable as JSON');
  return canonicalJson(JSON.parse(json));
}
