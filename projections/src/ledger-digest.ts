// Signed digests of the money log (docs/decisions/ledger-proof.md, "Signed digests"): a Merkle root
// over every money stream's head (its last event's hash) up to a point of the log, signed with
// Ed25519 and recorded as a LedgerDigestRecorded event. An auditor keeps the digest file; checked
// later against the log, it catches a rewrite of history before it even when the chains were recomputed.
import { moneyStreamCategories, streamIds, streamPrefixes, isMoneyStream, type LedgerDigestRecordedData } from '@murmur/contracts';
import { LOG_HORIZON_SQL, sha256Hex, type PostgresEventStore } from '@murmur/eventstore';
import { createPrivateKey, createPublicKey, randomUUID, sign, verify } from 'node:crypto';
import type pg from 'pg';

export interface StreamHead {
  streamId: string;
  version: string;
  hash: string | null;
}

/** What an auditor keeps: the recorded event's data and the heads its root is made of. */
export interface DigestFile extends LedgerDigestRecordedData {
  heads: StreamHead[];
}

const leaf = (h: StreamHead): string => sha256Hex(`${h.streamId}\n${h.version}\n${h.hash ?? ''}`);

/** Leaves in stream id order (code units); each level pairs neighbours, an odd last node goes up alone. */
export function merkleRoot(heads: readonly StreamHead[]): string {
  let level = [...heads].sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0)).map(leaf);
  if (level.length === 0) return sha256Hex('');
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? sha256Hex(level[i]! + level[i + 1]!) : level[i]!);
    level = next;
  }
  return level[0]!;
}

/** The text the signature is over. */
export const signedText = (d: Pick<LedgerDigestRecordedData, 'digestId' | 'upTo' | 'streams' | 'root' | 'recordedAt'>): string =>
  `murmur ledger digest\n${d.digestId}\n${d.upTo}\n${d.streams}\n${d.root}\n${d.recordedAt}`;

const patterns = () => moneyStreamCategories.map((c) => `${streamPrefixes[c]}%`);

/** The money streams' heads as of `upTo` (`{transactionId}:{globalPosition}`), or, when none is given,
 * as of the last event below the log's horizon once that horizon has passed every event committed
 * before the call: a digest asked for right after a movement includes it. */
export async function moneyStreamHeads(pool: pg.Pool, upTo?: string): Promise<{ upTo: string; heads: StreamHead[] }> {
  const client = await pool.connect();
  try {
    let point = upTo;
    if (!point) {
      // The horizon can stay a moment below a committed event: an xid of another database that
      // ended between the snapshot and the read of pg_stat_activity counts as open. It moves on
      // within milliseconds; a digest waits for it, up to ~5 s, rather than leave out a movement.
      const lastEvent = (where: string) =>
        client.query<{ tx: string; pos: string }>(
          `select transaction_id::text as tx, global_position::text as pos from events ${where}
            order by transaction_id desc, global_position desc limit 1`,
        );
      const target = (await lastEvent('')).rows[0];
      for (let attempt = 0; ; attempt++) {
        const { rows } = await lastEvent(`where transaction_id < ${LOG_HORIZON_SQL}`);
        point = rows[0] ? `${rows[0].tx}:${rows[0].pos}` : '0:0';
        const reached =
          !target ||
          (rows[0] && (BigInt(rows[0].tx) > BigInt(target.tx) || (rows[0].tx === target.tx && BigInt(rows[0].pos) >= BigInt(target.pos))));
        if (reached || attempt >= 100) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const [tx, pos] = point.split(':') as [string, string];
    const { rows } = await client.query<{ stream_id: string; stream_version: string; hash: string | null }>(
      `select distinct on (stream_id) stream_id, stream_version::text, encode(hash, 'hex') as hash from events
        where stream_id like any($1::text[])
          and (transaction_id < $2::text::xid8 or (transaction_id = $2::text::xid8 and global_position <= $3::bigint))
        order by stream_id, events.stream_version desc`,
      [patterns(), tx, pos],
    );
    const heads = rows
      .filter((r) => isMoneyStream(r.stream_id))
      .map((r) => ({ streamId: r.stream_id, version: r.stream_version, hash: r.hash }));
    return { upTo: point, heads };
  } finally {
    client.release();
  }
}

/** Computes, signs and records a digest of the log as it stands; answers the file an auditor keeps. */
export async function recordLedgerDigest(
  pool: pg.Pool,
  store: PostgresEventStore,
  signingKeyBase64: string,
  options: { by: 'daily' | 'cli'; idempotencyKey?: string; at?: Date },
): Promise<DigestFile> {
  const key = createPrivateKey({ key: Buffer.from(signingKeyBase64, 'base64'), format: 'der', type: 'pkcs8' });
  const { upTo, heads } = await moneyStreamHeads(pool);
  const body = {
    digestId: `digest-${randomUUID()}`,
    upTo,
    streams: heads.length,
    root: merkleRoot(heads),
    recordedAt: (options.at ?? new Date()).toISOString(),
  };
  const data: LedgerDigestRecordedData = {
    ...body,
    signature: sign(null, Buffer.from(signedText(body)), key).toString('base64'),
    publicKey: createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64'),
    by: options.by,
  };
  const result = await store.append(streamIds.ledgerDigest(), [{ type: 'LedgerDigestRecorded', data }], {
    idempotencyKey: options.idempotencyKey,
  });
  if (result.duplicate) {
    // Already recorded (the day's digest by another worker): answer that one.
    const { events } = await store.readStream(streamIds.ledgerDigest(), { fromVersion: result.nextExpectedVersion, limit: 1 });
    const recorded = events[0]!.data as LedgerDigestRecordedData;
    return { ...recorded, heads: (await moneyStreamHeads(pool, recorded.upTo)).heads };
  }
  return { ...data, heads };
}

export interface DigestCheck {
  ok: boolean;
  problems: string[];
}

/** Checks a kept digest: its signature, and its root against the log's heads at its point today. */
export async function verifyDigestFile(pool: pg.Pool, file: DigestFile, trustedPublicKey?: string): Promise<DigestCheck> {
  const problems: string[] = [];
  if (trustedPublicKey && trustedPublicKey !== file.publicKey) problems.push('the digest was signed with another key than the trusted one');
  const publicKey = createPublicKey({ key: Buffer.from(file.publicKey, 'base64'), format: 'der', type: 'spki' });
  if (!verify(null, Buffer.from(signedText(file)), publicKey, Buffer.from(file.signature, 'base64')))
    problems.push('the signature does not match the digest');
  if (merkleRoot(file.heads) !== file.root) problems.push("the kept heads do not make the digest's root");
  const today = await moneyStreamHeads(pool, file.upTo);
  const root = merkleRoot(today.heads);
  if (root !== file.root) {
    problems.push(`the log's root at ${file.upTo} is ${root}, the digest's is ${file.root}`);
    const now = new Map(today.heads.map((h) => [h.streamId, h]));
    for (const kept of file.heads) {
      const head = now.get(kept.streamId);
      if (!head) problems.push(`${kept.streamId}: in the digest at version ${kept.version}, missing from the log`);
      else if (head.version !== kept.version || head.hash !== kept.hash)
        problems.push(`${kept.streamId}: head was version ${kept.version} hash ${kept.hash}, is version ${head.version} hash ${head.hash}`);
      now.delete(kept.streamId);
    }
    for (const extra of now.values())
      problems.push(`${extra.streamId}: in the log at ${file.upTo} (version ${extra.version}), not in the digest`);
  }
  return { ok: problems.length === 0, problems };
}
