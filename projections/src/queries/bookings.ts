// Named reads of the bookings projector's tables (rm.bookings): other workspaces ask these, never SQL.
import type { BookingStatus } from '@murmur/contracts';
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

export interface ServiceRow {
  service_id: string;
  host_uid: string;
  title: string;
  minutes: number;
  price: string;
  listed_at: Date;
}

/** A host's active services, oldest listed first. */
export async function activeServices(runner: Runner, hostUid: string): Promise<ServiceRow[]> {
  const { rows } = await runner.query<ServiceRow>(
    `select service_id, host_uid, title, minutes, price::text, listed_at from rm.booking_services where host_uid = $1 and active order by listed_at, service_id`,
    [hostUid],
  );
  return rows;
}

export interface BookingRow {
  booking_id: string;
  host_uid: string;
  buyer_uid: string;
  service_id: string;
  title: string;
  minutes: number;
  price: string;
  starts_at: Date;
  ends_at: Date;
  status: BookingStatus;
  room_opened_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  charm: string | null;
}

const BOOKING_COLUMNS =
  'booking_id, host_uid, buyer_uid, service_id, title, minutes, price::text, starts_at, ends_at, status, room_opened_at, completed_at, cancelled_at, charm::text';

/** A page of a user's bookings as buyer, host or either: coming and running sessions first (soonest
 * first), then the past ones (latest first). */
export async function bookingPage(
  runner: Runner,
  p: { uid: string; role?: 'buyer' | 'host' | 'all'; limit: number; offset: number },
): Promise<{ rows: BookingRow[]; total: number }> {
  const where = p.role === 'buyer' ? 'buyer_uid = $1' : p.role === 'host' ? 'host_uid = $1' : '(buyer_uid = $1 or host_uid = $1)';
  const { rows } = await runner.query<BookingRow>(
    `select ${BOOKING_COLUMNS} from rm.bookings where ${where}
        order by (status in ('booked', 'live')) desc, case when status in ('booked', 'live') then starts_at end asc, starts_at desc, booking_id
        limit $2 offset $3`,
    [p.uid, p.limit, p.offset],
  );
  const count = await runner.query<{ n: number }>(`select count(*)::int as n from rm.bookings where ${where}`, [p.uid]);
  return { rows, total: count.rows[0]?.n ?? 0 };
}

/** A booking `uid` is a party to (buyer or host), or undefined. */
export async function bookingOfParty(runner: Runner, bookingId: string, uid: string): Promise<BookingRow | undefined> {
  const { rows } = await runner.query<BookingRow>(
    `select ${BOOKING_COLUMNS} from rm.bookings where booking_id = $1 and (buyer_uid = $2 or host_uid = $2)`,
    [bookingId, uid],
  );
  return rows[0];
}

export interface ExtensionRow {
  extension_id: string;
  booking_id: string;
  title: string;
  host_uid: string;
  buyer_uid: string;
  minutes: number;
  price: string;
  ends_at: Date;
  extended_at: Date;
}

/** A page of the extensions of a user's sessions (as buyer or host), newest first. */
export async function extensionPage(
  runner: Runner,
  p: { uid: string; limit: number; offset: number },
): Promise<{ rows: ExtensionRow[]; total: number }> {
  const { rows } = await runner.query<ExtensionRow>(
    `select x.extension_id, x.booking_id, b.title, x.host_uid, x.buyer_uid, x.minutes, x.price::text, x.ends_at, x.extended_at
         from rm.booking_extensions x join rm.bookings b using (booking_id)
        where x.buyer_uid = $1 or x.host_uid = $1 order by x.extended_at desc, x.extension_id limit $2 offset $3`,
    [p.uid, p.limit, p.offset],
  );
  const count = await runner.query<{ n: number }>(
    'select count(*)::int as n from rm.booking_extensions where buyer_uid = $1 or host_uid = $1',
    [p.uid],
  );
  return { rows, total: count.rows[0]?.n ?? 0 };
}
