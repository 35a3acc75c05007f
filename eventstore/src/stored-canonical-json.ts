// A money event's data serialised once, as the canonical JSON its chain digest is taken of
// (docs/decisions/ledger-proof.md): the same text is what the store sends to be stored.
import { canonicalJson } from '@murmur/contracts';

/** Thrown inside the fast path when a value is not plain data; the caller then takes the round trip. */
const NOT_PLAIN = Symbol('not plain data');

/** Deeper than this, the round trip decides (JSON.stringify names a cycle where recursion would overflow). */
const MAX_FAST_DEPTH = 64;

/** An object shape's keys in code-unit order, each already quoted as a JSON key with its colon; once
 * the shape has been seen often, a writer made for it (below). */
interface SortedShape {
  own: string[];
  sorted: string[];
  quoted: string[];
  seen: number;
  write?: ShapeWriter;
}

type ShapeWriter = (record: Record<string, unknown>, depth: number, value: typeof plain) => string;

/** Uses of a shape before a writer is made for it: an object used as a map (keys that are ids) makes a
 * new shape almost every time, and would only pay for the compiling. */
const WRITER_AFTER = 16;

/** A function that writes an object of this shape with its keys in order, each property read by name
 * (the engine then reads them as fast as JSON.stringify does, where a loop over the key list reads each
 * by a computed name): a money event's data is one of a few shapes. The keys appear in the source
 * only as JSON string literals, which are JavaScript string literals. */
function shapeWriter(shape: SortedShape): ShapeWriter {
  const body = shape.sorted
    .map((key, i) => {
      const name = JSON.stringify(key);
      const quoted = JSON.stringify(shape.quoted[i]);
      return `v = r[${name}];
        if (typeof v === 'string') { out += sep + ${quoted} + JSON.stringify(v); sep = ','; }
        else if (typeof v === 'number') { out += sep + ${quoted} + (Number.isFinite(v) ? String(v) : 'null'); sep = ','; }
        else if (v !== undefined && typeof v !== 'function' && typeof v !== 'symbol') { out += sep + ${quoted} + value(v, depth + 1); sep = ','; }`;
    })
    .join('\n');
  return new Function('r', 'depth', 'value', `let out = '{', sep = '', v;\n${body}\nreturn out + '}';`) as ShapeWriter;
}

/** The sorted keys of the shapes seen, by their keys in own order: a money event's data is one of a
 * few shapes, and sorting and quoting its keys again for every event cost as much as the rest of
 * the serialisation. Bounded: emptied when full. */
const shapes = new Map<string, SortedShape>();
const MAX_SHAPES = 512;

/** The shapes used last, looked at before the map: comparing a few keys costs less than joining
 * them into a signature. */
const recent: SortedShape[] = [];
const RECENT = 8;

const sameKeys = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

function sortedShape(own: string[]): SortedShape {
  for (const shape of recent) if (sameKeys(shape.own, own)) return shape;
  const shape = shapeOf(own);
  if (recent.unshift(shape) > RECENT) recent.pop();
  return shape;
}

function shapeOf(own: string[]): SortedShape {
  // The signature joins keys with NUL, which a key may itself hold: a hit is checked key by key.
  const signature = own.join('\u0000');
  const hit = shapes.get(signature);
  if (hit && sameKeys(hit.own, own)) return hit;
  const sorted = [...own].sort();
  const shape: SortedShape = { own, sorted, quoted: sorted.map((k) => JSON.stringify(k) + ':'), seen: 0 };
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
      const shape = sortedShape(Object.keys(record));
      if (shape.write) return shape.write(record, depth, plain);
      if (++shape.seen === WRITER_AFTER) shape.write = shapeWriter(shape);
      const { sorted, quoted } = shape;
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
