// A movement's proof checked in the browser (docs/decisions/ledger-proof.md, "The auditor's view"):
// its hash recomputed with WebCrypto SHA-256 over the same canonical JSON the store hashed, and its
// links to the events before and after it on its stream.
import type { LedgerMovement } from '@murmur/contracts/auditor';
import { canonicalJson, chainHashInput, GENESIS_HASH } from '@murmur/contracts/ledger-proof';

export interface ProofCheck {
  ok: boolean;
  recomputed: string | null;
  problems: string[];
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function checkMovementProof(m: LedgerMovement): Promise<ProofCheck> {
  // WebCrypto exists only in a secure context (https, or localhost).
  if (!globalThis.crypto?.subtle)
    return { ok: false, recomputed: null, problems: ['This page is not served over https: the browser offers no SHA-256.'] };
  if (m.hash === null || m.prevHash === null)
    return { ok: false, recomputed: null, problems: ['The event carries no hash: it is not chained.'] };
  const recomputed = await sha256Hex(
    chainHashInput({
      streamId: m.streamId,
      version: m.version,
      type: m.type,
      dataDigest: await sha256Hex(canonicalJson(m.data)),
      prevHash: m.prevHash,
    }),
  );
  const problems: string[] = [];
  if (recomputed !== m.hash) problems.push(`The hash recomputed from the event is ${recomputed}, the log says ${m.hash}.`);
  const expectedPrev = m.previous ? m.previous.hash : m.version === 1 ? GENESIS_HASH : null;
  if (expectedPrev === null) problems.push(`Version ${m.version - 1} of the stream is missing.`);
  else if (m.prevHash !== expectedPrev) problems.push(`Its previous hash is not the hash of version ${m.previous?.version ?? 0}.`);
  if (m.next && m.next.prevHash !== m.hash) problems.push(`Version ${m.next.version} does not link back to it.`);
  if (m.next && m.next.version !== m.version + 1)
    problems.push(`The next event is version ${m.next.version}: version ${m.version + 1} is missing.`);
  if (m.previous && m.previous.version !== m.version - 1)
    problems.push(`The event before is version ${m.previous.version}: a version is missing.`);
  return { ok: problems.length === 0, recomputed, problems };
}
