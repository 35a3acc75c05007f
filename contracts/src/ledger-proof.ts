// What the money log's proof is made of (docs/decisions/ledger-proof.md): which streams are
// hash-chained, and the canonical JSON an event's data is hashed as, so that anyone can recompute
// a chain offline from an export. Pure: the hashing itself is done with each runtime's SHA-256.
import { streamCategoryOf, type StreamCategory } from './streams.ts';

/** The streams whose every event carries its chain hash: where money moves or is decided. */
export const moneyStreamCategories: readonly StreamCategory[] = [
  'wallet',
  'earnings',
  'payment',
  'grant',
  'schedule',
  'referralSettlement',
  'referralWeek',
  'agency',
  'ledgerDigest',
];

const moneyCategories = new Set<StreamCategory>(moneyStreamCategories);

export function isMoneyStream(streamId: string): boolean {
  const category = streamCategoryOf(streamId)?.category;
  return category !== undefined && moneyCategories.has(category);
}

/** The previous hash of a chain's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with every object's keys in code-unit order and no spaces: the same text for the same value,
 * however its keys were ordered when written or stored (jsonb reorders them). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The text an event's chain hash is the SHA-256 (hex) of: its stream, version, type, the SHA-256
 * (hex) of its data's canonical JSON, and the previous event's hash, one per line. */
export function chainHashInput(link: {
  streamId: string;
  version: bigint | number | string;
  type: string;
  dataDigest: string;
  prevHash: string;
}): string {
  return `${link.streamId}\n${String(link.version)}\n${link.type}\n${link.dataDigest}\n${link.prevHash}`;
}
