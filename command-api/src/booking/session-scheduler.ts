// Opens booked sessions at their start and completes them at their end (the host paid, the hold
// spent). It keeps no state of its own: each tick reads the due bookings from the read model
// (rm.bookings) and lets the schedule decider, on the stream's own state, decide; so a stale row
// never opens or pays anything twice, and several command-api processes may run it: the
// expected-version append makes one win and the others find nothing to do.
import { money } from '@murmur/contracts';
import { dueBookings, type DueBookingRow } from '@murmur/projections/queries/bookings';
import type { CommandDeps } from '../dependencies.ts';
import { runBookingStep } from './bookings.ts';
import { RepeatingPass } from '../decider/repeating-pass.ts';

export interface SessionSchedulerOptions {
  intervalMs?: number;
}

export class SessionScheduler {
  private readonly repeat: RepeatingPass;

  constructor(
    private readonly deps: CommandDeps,
    options: SessionSchedulerOptions = {},
  ) {
    this.repeat = new RepeatingPass(() => this.tick(), options.intervalMs ?? Number(process.env.BOOKING_SCHEDULER_INTERVAL_MS ?? 1000));
  }

  start(): void {
    this.repeat.start();
  }

  /** One pass; returns how many sessions it opened or completed. */
  async tick(): Promise<number> {
    if (this.repeat.stopped) return 0;
    const now = this.deps.clock.now().toISOString();
    let due: DueBookingRow[];
    try {
      due = await dueBookings(this.deps.pool, now);
    } catch (error) {
      // The read model is not there yet (first start before migrations) or the pool is closing.
      if (!this.repeat.stopped) this.deps.logger.debug({ err: error }, 'session scheduler could not read rm.bookings');
      return 0;
    }
    let moved = 0;
    for (const row of due) {
      if (this.repeat.stopped) break;
      try {
        const at = this.deps.clock.now().toISOString();
        const command =
          row.status === 'booked'
            ? { type: 'OpenSession' as const, hostUid: row.host_uid, bookingId: row.booking_id, at }
            : { type: 'CompleteSession' as const, hostUid: row.host_uid, bookingId: row.booking_id, charmShare: money.hostCharmShare, at };
        const result = await runBookingStep(this.deps, command, 'system:session-scheduler');
        if (result.changed) moved++;
      } catch (error) {
        this.deps.logger.warn({ err: error, bookingId: row.booking_id }, 'session scheduler could not move a booking');
      }
    }
    return moved;
  }

  stop(): Promise<void> {
    return this.repeat.stop();
  }
}
