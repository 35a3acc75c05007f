// A money event's data serialised once, as the canonical JSON its chain digest is taken of
// (docs/decisions/ledger-proof.md): the same text is what the store sends to be stored.
import { canonicalJson } from '@murmur/contracts';

/** Thrown inside the fast path when a value is not plain data; the caller then takes the round trip. */
const NOT_PLAIN = Symbol('not plain data');

/** Deeper than this, the round trip decides (JSON.stringify names a cycle where recursion would overflow). */
const MAX_FAST_DEPTH = 64;

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
      const keys = Object.keys(record).sort();
      let out = '{';
      let first = true;
      for (const key of keys) {
        const v = record[key];
        // JSON.stringify leaves these keys out, so they are not in what is stored.
        if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
        out += (first ? '' : ',') + JSON.stringify(key) + ':' + plain(v, depth + 1);
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
