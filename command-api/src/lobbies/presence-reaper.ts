// Takes members out of lobbies they are no longer connected to. Gateways know connections, the
// lobby stream knows membership: gateways append PresenceChanged (naming themselves) and renew a
// heartbeat row; this worker reads the result (rm.lobby_presence, realtime_gateways) and runs the
// lobby decider's LeaveLobby (reason `disconnected`) for every member with no live connection on
// any gateway for longer than the grace. It keeps no state, so restarts and several command-api
// processes are safe (the expected-version append makes one leave win; a second decides nothing).
import { presenceTimings } from '@murmur/contracts';
import { membersPastPresenceLimits } from '@murmur/projections/queries/lobbies';
import type { CommandDeps } from '../dependencies.ts';
import { takeOutOfLobbies, type Membership } from './take-out.ts';
import { RepeatingPass } from '../decider/repeating-pass.ts';

export interface PresenceReaperOptions {
  /** A member with no live connection for this long leaves. */
  graceMs?: number;
  /** A gateway whose heartbeat is older than this is dead, and so are its connections. */
  gatewayDeadAfterMs?: number;
  /** How long a member who joined may take to connect at all (a slow page load, a slow phone). */
  firstConnectMs?: number;
  intervalMs?: number;
}

export class PresenceReaper {
  private readonly repeat: RepeatingPass;
  private readonly graceMs: number;
  private readonly deadAfterMs: number;
  private readonly firstConnectMs: number;

  constructor(
    private readonly deps: CommandDeps,
    options: PresenceReaperOptions = {},
  ) {
    this.graceMs = options.graceMs ?? presenceTimings.memberGraceMs;
    this.deadAfterMs = options.gatewayDeadAfterMs ?? presenceTimings.gatewayDeadAfterMs;
    this.firstConnectMs = options.firstConnectMs ?? presenceTimings.firstConnectMs;
    this.repeat = new RepeatingPass(() => this.tick(), options.intervalMs ?? 1000);
  }

  start(): void {
    this.repeat.start();
  }

  /** One pass; returns how many members it took out. */
  async tick(): Promise<number> {
    if (this.repeat.stopped) return 0;
    let due: Membership[];
    try {
      // Kept: a member whose presence changed within the grace (a reload, a short network loss),
      // or who is online on a gateway that is still beating. A member no gateway has seen since
      // joining gets the longer first-connect allowance, counted from the join.
      due = await membersPastPresenceLimits(this.deps.pool, {
        graceMs: this.graceMs,
        deadAfterMs: this.deadAfterMs,
        firstConnectMs: this.firstConnectMs,
      });
    } catch (error) {
      // The read model or the gateway table is not there yet (first start) or the pool is closing.
      if (!this.repeat.stopped) this.deps.logger.debug({ err: error }, 'presence reaper could not read presence');
      return 0;
    }
    return (await takeOutOfLobbies(this.deps, due, { reason: 'disconnected', actorUid: 'system:presence' }, () => this.repeat.stopped))
      .removed;
  }

  stop(): Promise<void> {
    return this.repeat.stop();
  }
}
