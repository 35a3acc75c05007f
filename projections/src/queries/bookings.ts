// Named reads of the bookings projector's tables (rm.bookings): other workspaces ask these, never SQL.
import type { Runner } from './runner.ts';

export interface DueBookingRow {
  booking_id: string;
  host_uid: string;
  status: string;
}

/** The host of a booking, or null when there is no such booking. */
export async function bookingHost(runner: Runner, bookingId: string): Promise<string | null> {
  const { rows } = await runner.query<{ host_uid: string }>('select host_uid from rm.bookings where booking_id = $1', [bookingId]);
  return rows[0]?.host_uid ?? null;
}

/** Bookings whose session should open (booked, start passed) or end (live, end passed) at `now`
 * (an ISO time), earliest start first, at most 500. */
export async function dueBookings(runner: Runner, now: string): Promise<DueBookingRow[]> {
  const { rows } = await runner.query<DueBookingRow>(
    `select booking_id, host_uid, status from rm.bookings
      where (status = 'booked' and starts_at <= $1) or (status = 'live' and ends_at <= $1)
      order by starts_at limit 500`,
    [now],
  );
  return rows;
}

/** True when `uid` is the host or the buyer of a booking whose session is live. */
export async function inLiveBooking(runner: Runner, bookingId: string, uid: string): Promise<boolean> {
  const { rows } = await runner.query<{ ok: boolean }>(
    `select true as ok from rm.bookings where booking_id = $1 and status = 'live' and (host_uid = $2 or buyer_uid = $2)`,
    [bookingId, uid],
  );
  return rows[0]?.ok === true;
}
