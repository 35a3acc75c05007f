// A banned user leaves every lobby at once: `LobbyLeft` (reason `banned`) on each open lobby's
// stream, so everyone in it sees the avatar go live, instead of after the presence reaper's grace.
// The ban routes call it right after the ban commits; the sweeper runs the same for every banned
// member the read models still list (a process that stopped between the two, a ban by another
// process), so the removal cannot go missing. The lobby decider answers nothing for someone
// already gone, so a second run, or two processes, remove nobody twice.
import { bannedMembersOfOpenLobbies, openLobbyMembershipsOf } from '@murmur/projections/queries/lobbies';
import type { CommandDeps } from '../dependencies.ts';
import { RepeatingPass } from '../decider/repeating-pass.ts';
import { takeOutOfLobbies } from './take-out.ts';

/** Takes `uid` (just banned) or, without it, every banned member still listed, out of their lobbies:
 * how many memberships it ended and the last position written (0 when none). */
export async function takeBannedOutOfLobbies(deps: CommandDeps, uid?: string): Promise<{ removed: number; position: bigint }> {
  const rows = uid ? await openLobbyMembershipsOf(deps.pool, uid) : await bannedMembersOfOpenLobbies(deps.pool);
  return takeOutOfLobbies(deps, rows, { reason: 'banned', actorUid: 'system:ban' });
}

export class BannedMemberSweeper {
  private readonly repeat: RepeatingPass;

  constructor(
    private readonly deps: CommandDeps,
    intervalMs = 2000,
  ) {
    this.repeat = new RepeatingPass(() => this.tick(), intervalMs);
  }

  start(): void {
    this.repeat.start();
  }

  async tick(): Promise<number> {
    if (this.repeat.stopped) return 0;
    try {
      return (await takeBannedOutOfLobbies(this.deps)).removed;
    } catch (error) {
      // The read models are not there yet (first start) or the pool is closing.
      if (!this.repeat.stopped) this.deps.logger.debug({ err: error }, 'banned-member sweeper could not read the lobbies');
      return 0;
    }
  }

  stop(): Promise<void> {
    return this.repeat.stop();
  }
}
