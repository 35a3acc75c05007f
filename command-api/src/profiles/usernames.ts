// Unique usernames: a claim stream per lowercased name (`username-{name}`), decided by its own
// decider through the command handler. The first claim (expected version) wins; a release lets the
// name go. Registration claims its generated name inside the registration's transaction.
import { socialTexts, type UsernameClaimEvent, streamIds } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type pg from 'pg';
import { usernameRegisteredToOther } from '@murmur/projections/queries/users';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { Decider } from '../decider/decider.ts';
import type { CommandDeps } from '../dependencies.ts';

type UsernameCommand =
  /** `takenByUnclaimedAccount`: a name never claimed may still be held by an account registered
   * before registration claimed names (looked up in `rm.users`, where those are long since). */
  | { type: 'ClaimUsername'; uid: string; username: string; now: Date; takenByUnclaimedAccount?: boolean }
  | { type: 'ReleaseUsername'; uid: string; username: string; now: Date };

interface UsernameState {
  holder: string | null;
  everClaimed: boolean;
}

const taken = () => new ApiError('CONFLICT', socialTexts.usernameTaken, { field: 'username' });

export const usernameDecider: Decider<UsernameState, UsernameCommand, UsernameClaimEvent> = {
  evolvesOn: { UsernameClaimed: true, UsernameReleased: true },
  initialState: () => ({ holder: null, everClaimed: false }),
  evolve: (_state, event) =>
    event.type === 'UsernameClaimed' ? { holder: event.data.uid, everClaimed: true } : { holder: null, everClaimed: true },
  decide(command, state) {
    switch (command.type) {
      case 'ClaimUsername':
        if (state.holder === command.uid) return [];
        if (state.holder !== null || command.takenByUnclaimedAccount) throw taken();
        return [{ type: 'UsernameClaimed', data: { uid: command.uid, username: command.username, claimedAt: command.now.toISOString() } }];
      case 'ReleaseUsername':
        if (state.holder !== command.uid) return [];
        return [
          { type: 'UsernameReleased', data: { uid: command.uid, username: command.username, releasedAt: command.now.toISOString() } },
        ];
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
};

export const usernameCommands = defineCommandHandler({ decider: usernameDecider, streamId: streamIds.username });

/** Claims the name for uid; throws 409 when someone else holds it. Claiming one's own name again is a
 * no-op. `users` is the pool holding `rm.users`, for names of accounts registered before names were
 * claimed. */
export async function claimUsername(deps: CommandDeps, username: string, uid: string, at: Date, users?: pg.Pool): Promise<void> {
  await usernameCommands.run(
    deps,
    username,
    async (state) => ({
      type: 'ClaimUsername',
      uid,
      username,
      now: at,
      takenByUnclaimedAccount: !state.everClaimed && users !== undefined && (await usernameRegisteredToOther(users, username, uid)),
    }),
    { actorUid: uid },
  );
}

export async function releaseUsername(deps: CommandDeps, username: string, uid: string, at: Date): Promise<void> {
  await usernameCommands.run(deps, username, { type: 'ReleaseUsername', uid, username, now: at }, { actorUid: uid });
}
