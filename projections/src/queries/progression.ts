// Named reads of the progression projector's tables (rm.progression_*): other workspaces ask these,
// never SQL.
import type { Runner } from './runner.ts';

export interface UnannouncedLevelRow {
  uid: string;
  level: number;
  /** Total EXP (a bigint, as text). */
  exp: string;
}

/** The user a quest-platform account is linked to, or null. */
export async function questAccountOwner(runner: Runner, platformUserId: string): Promise<string | null> {
  const { rows } = await runner.query<{ uid: string }>('select uid from rm.progression_quest_accounts where platform_user_id = $1', [
    platformUserId,
  ]);
  return rows[0]?.uid ?? null;
}

/** Who issued a friend token (as stored: upper case), or null. */
export async function friendTokenIssuer(runner: Runner, token: string): Promise<string | null> {
  const { rows } = await runner.query<{ uid: string }>('select uid from rm.progression_friend_tokens where token = $1', [token]);
  return rows[0]?.uid ?? null;
}

/** A user's projected level, or null before their first EXP. */
export async function levelOf(runner: Runner, uid: string): Promise<number | null> {
  const { rows } = await runner.query<{ level: number }>('select level from rm.progression_users where uid = $1', [uid]);
  return rows[0]?.level ?? null;
}

/** Users whose projected level passed the last one announced, by uid, at most `limit`. */
export async function unannouncedLevels(runner: Runner, limit: number): Promise<UnannouncedLevelRow[]> {
  const { rows } = await runner.query<UnannouncedLevelRow>(
    'select uid, level, exp::text from rm.progression_users where level > announced_level order by uid limit $1',
    [limit],
  );
  return rows;
}
