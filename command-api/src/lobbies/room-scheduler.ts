// Ends timed rooms when their time is up, and the open rooms of ended lobbies. It keeps no state of
// its own: each tick reads the room list (rm.rooms, with its ends_at) and lets the room decider,
// on the room stream's own state, decide; so it survives restarts and a stale row never ends a
// room early. Several command-api processes may run it: the expected-version append makes one win.
import type { CommandDeps } from '../dependencies.ts';
import { roomCommands } from './lobby-streams.ts';
import { RepeatingPass } from '../decider/repeating-pass.ts';

export interface RoomSchedulerOptions {
  intervalMs?: number;
}

export class RoomScheduler {
  private readonly repeat: RepeatingPass;

  constructor(
    private readonly deps: CommandDeps,
    options: RoomSchedulerOptions = {},
  ) {
    this.repeat = new RepeatingPass(() => this.tick(), options.intervalMs ?? Number(process.env.ROOM_SCHEDULER_INTERVAL_MS ?? 1000));
  }

  start(): void {
    this.repeat.start();
  }

  /** One pass; returns how many rooms it ended. */
  async tick(): Promise<number> {
    if (this.repeat.stopped) return 0;
    const now = this.deps.clock.now();
    let due: Array<{ room_id: string; expire: boolean }>;
    try {
      const { rows } = await this.deps.pool.query<{ room_id: string; expire: boolean }>(
        `select r.room_id, true as expire from rm.rooms r where r.status = 'started' and r.ends_at <= $1
         union all
         select r.room_id, false from rm.rooms r join rm.lobbies l on l.lobby_id = r.lobby_id
          where r.status in ('waiting', 'started') and l.status in ('ended', 'terminated')
         limit 500`,
        [now.toISOString()],
      );
      due = rows;
    } catch (error) {
      // The read model is not there yet (first start before migrations) or the pool is closing.
      if (!this.repeat.stopped) this.deps.logger.debug({ err: error }, 'room scheduler could not read rm.rooms');
      return 0;
    }
    let ended = 0;
    for (const row of due) {
      if (this.repeat.stopped) break;
      try {
        const result = await roomCommands.run(
          this.deps,
          row.room_id,
          row.expire ? { type: 'ExpireRoom', now: now.toISOString() } : { type: 'CloseRoomWithLobby', now: now.toISOString() },
          { actorUid: 'system:room-scheduler' },
        );
        if (result.events.length > 0) ended++;
      } catch (error) {
        this.deps.logger.warn({ err: error, roomId: row.room_id }, 'room scheduler could not end a room');
      }
    }
    return ended;
  }

  stop(): Promise<void> {
    return this.repeat.stop();
  }
}
