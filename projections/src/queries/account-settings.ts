// Named reads of the account-settings projector's tables (rm.user_audio, rm.user_credentials): other
// workspaces ask these, never SQL.
import type { LinkedCredentialDto } from '@murmur/contracts';
import type { Dated } from './dated.ts';
import type { Runner } from './runner.ts';

/** A user's audio settings, or undefined when never set. */
export async function audioSettings(
  runner: Runner,
  uid: string,
): Promise<{ default_volume: number; volumes: Record<string, number>; mutes: string[] } | undefined> {
  const { rows } = await runner.query<{ default_volume: number; volumes: Record<string, number>; mutes: string[] }>(
    'select default_volume, volumes, mutes from rm.user_audio where uid = $1',
    [uid],
  );
  return rows[0];
}

/** The sign-ins linked to an account, oldest first. */
export async function linkedCredentials(runner: Runner, uid: string): Promise<Dated<LinkedCredentialDto, 'linkedAt'>[]> {
  const { rows } = await runner.query<Dated<LinkedCredentialDto, 'linkedAt'>>(
    `select kind, key, provider, linked_at as "linkedAt" from rm.user_credentials where uid = $1 order by linked_at, kind, key`,
    [uid],
  );
  return rows;
}
