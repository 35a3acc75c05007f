// Ends timed rooms when their time is up, and the open rooms of ended lobbies. It keeps no state of
// its own: each tick reads the room list (rm.rooms, with its ends_at) and lets the room decider,
// on the room stream's own state, decide; so it survives restarts and a stale row never ends a
// room early. Several command-api processes may run it: the expected-version append makes one win.
import { dueRooms, type DueRoomRow } from '@murmur/projections/queries/rooms';
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
    let due: DueRoomRow[];
    try {
      due = await dueRooms(this.deps.pool, now.toISOString());
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
