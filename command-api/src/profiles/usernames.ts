// Unique usernames: a claim stream per lowercased name (`username-{name}`). The first append to it
// (expected version no_stream, or the version after a release) wins; a release lets the name go.
import { WrongExpectedVersion, type EventStore } from '@murmur/eventstore';
import { ApiError } from '@murmur/platform';
import { socialTexts } from '@murmur/contracts';
import type pg from 'pg';

/** `username-{name lowercased}`. Letters of other scripts are welcome in names but not in stream ids:
 * each character outside a-z, 0-9 and _ becomes `.{code point in base 36}.` ('.' is in no name, so
 * the encoding is unambiguous, and ASCII names keep the streams they always had). */
export const usernameStreamId = (username: string): string =>
  `username-${[...username.toLowerCase()].map((c) => (/[a-z0-9_]/.test(c) ? c : `.${c.codePointAt(0)!.toString(36)}.`)).join('')}`;

async function holder(store: EventStore, streamId: string): Promise<{ uid: string | null; version: bigint }> {
  const { events, version } = await store.readStream(streamId);
  let uid: string | null = null;
  for (const e of events) uid = e.type === 'UsernameClaimed' ? (e.data.uid as string) : null;
  return { uid, version };
}

/** Claims the name for uid; throws 409 when someone else holds it. Claiming one's own name again is a no-op.
 * Registration claims its name on the same stream, in the registration's transaction. Accounts
 * registered before it did hold unclaimed names, so a name that was never claimed is also looked
 * up among the registered users (with `users`, the pool holding `rm.users`); those registrations
 * are long in the read model, so this lookup is no race. */
export async function claimUsername(store: EventStore, username: string, uid: string, at: Date, users?: pg.Pool): Promise<void> {
  const streamId = usernameStreamId(username);
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await holder(store, streamId);
    if (current.uid === uid) return;
    if (current.uid !== null) throw new ApiError('CONFLICT', socialTexts.usernameTaken, { field: 'username' });
    if (current.version === 0n && users) {
      const { rowCount } = await users.query('select 1 from rm.users where lower(username) = lower($1) and uid <> $2 limit 1', [username, uid]);
      if (rowCount) throw new ApiError('CONFLICT', socialTexts.usernameTaken, { field: 'username' });
    }
    try {
      await store.append(streamId, [{ type: 'UsernameClaimed', data: { uid, username, claimedAt: at.toISOString() } }], {
        expectedVersion: current.version === 0n ? 'no_stream' : current.version,
      });
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
    }
  }
  throw new ApiError('CONFLICT', socialTexts.usernameTaken, { field: 'username' });
}

export async function releaseUsername(store: EventStore, username: string, uid: string, at: Date): Promise<void> {
  const streamId = usernameStreamId(username);
  const current = await holder(store, streamId);
  if (current.uid !== uid) return;
  await store
    .append(streamId, [{ type: 'UsernameReleased', data: { uid, username, releasedAt: at.toISOString() } }], { expectedVersion: current.version })
    .catch((error) => {
      if (!(error instanceof WrongExpectedVersion)) throw error;
    });
}
