// Services and bookings reads (docs/decisions/booking.md): a host's services (public, the profile's
// Services tab), the caller's bookings as buyer and as host (/booking), one booking for its two
// parties only (the session room), and the extensions of the caller's sessions (/extension-history).
import {
  bookingTexts,
  BookingDto,
  BookingListQuery,
  BookingPage,
  ExtensionPage,
  mayCancel,
  PageQuery,
  pageMeta,
  ServiceList,
  type BookingStatus,
  type ExtensionDto,
} from '@murmur/contracts';
import { ApiError, currentUser, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';

type BookingRow = {
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
};

const BOOKING_COLUMNS =
  'booking_id, host_uid, buyer_uid, service_id, title, minutes, price::text, starts_at, ends_at, status, room_opened_at, completed_at, cancelled_at, charm::text';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function toDtos(deps: QueryDeps, uid: string, rows: BookingRow[]): Promise<BookingDto[]> {
  const users = await lookupUsers(
    deps,
    rows.flatMap((r) => [r.host_uid, r.buyer_uid]),
  );
  const now = Date.now();
  return rows.map((r) => ({
    bookingId: r.booking_id,
    serviceId: r.service_id,
    title: r.title,
    host: users.get(r.host_uid),
    buyer: users.get(r.buyer_uid),
    role: r.host_uid === uid ? 'host' : 'buyer',
    minutes: r.minutes,
    price: Number(r.price),
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    status: r.status,
    roomOpenedAt: iso(r.room_opened_at),
    completedAt: iso(r.completed_at),
    cancelledAt: iso(r.cancelled_at),
    charm: r.charm === null ? null : Number(r.charm),
    cancellable: mayCancel({ status: r.status, hostUid: r.host_uid, startsAt: r.starts_at.toISOString() }, uid, now),
  }));
}

export function bookingQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  const fresh = freshness(pool, ['bookings', 'profiles']);

  router.get('/user/services/:uid', fresh, async (req, res) => {
    const hostUid = String(req.params.uid ?? '').slice(0, 128);
    const { rows } = await pool.query<{
      service_id: string;
      host_uid: string;
      title: string;
      minutes: number;
      price: string;
      listed_at: Date;
    }>(
      `select service_id, host_uid, title, minutes, price::text, listed_at from rm.booking_services where host_uid = $1 and active order by listed_at, service_id`,
      [hostUid],
    );
    send(res, ServiceList, {
      items: rows.map((r) => ({
        serviceId: r.service_id,
        hostUid: r.host_uid,
        title: r.title,
        minutes: r.minutes,
        price: Number(r.price),
        listedAt: r.listed_at.toISOString(),
      })),
    });
  });

  router.get('/booking/me', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const query = parse(BookingListQuery, req.query);
    const where = query.role === 'buyer' ? 'buyer_uid = $1' : query.role === 'host' ? 'host_uid = $1' : '(buyer_uid = $1 or host_uid = $1)';
    // Coming and running sessions first (soonest first), then the past ones (latest first).
    const { rows } = await pool.query<BookingRow>(
      `select ${BOOKING_COLUMNS} from rm.bookings where ${where}
        order by (status in ('booked', 'live')) desc, case when status in ('booked', 'live') then starts_at end asc, starts_at desc, booking_id
        limit $2 offset $3`,
      [uid, query.limit, (query.page - 1) * query.limit],
    );
    const count = await pool.query<{ n: number }>(`select count(*)::int as n from rm.bookings where ${where}`, [uid]);
    const items = await toDtos(deps, uid, rows);
    send(res, BookingPage, { items, meta: pageMeta(query, count.rows[0]?.n ?? 0, items.length) });
  });

  router.get('/booking/extensions', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const query = parse(PageQuery, req.query);
    const { rows } = await pool.query<{
      extension_id: string;
      booking_id: string;
      title: string;
      host_uid: string;
      buyer_uid: string;
      minutes: number;
      price: string;
      ends_at: Date;
      extended_at: Date;
    }>(
      `select x.extension_id, x.booking_id, b.title, x.host_uid, x.buyer_uid, x.minutes, x.price::text, x.ends_at, x.extended_at
         from rm.booking_extensions x join rm.bookings b using (booking_id)
        where x.buyer_uid = $1 or x.host_uid = $1 order by x.extended_at desc, x.extension_id limit $2 offset $3`,
      [uid, query.limit, (query.page - 1) * query.limit],
    );
    const count = await pool.query<{ n: number }>(
      'select count(*)::int as n from rm.booking_extensions where buyer_uid = $1 or host_uid = $1',
      [uid],
    );
    const users = await lookupUsers(
      deps,
      rows.flatMap((r) => [r.host_uid, r.buyer_uid]),
    );
    const items = rows.map((r): ExtensionDto => ({
      extensionId: r.extension_id,
      bookingId: r.booking_id,
      title: r.title,
      host: users.get(r.host_uid),
      buyer: users.get(r.buyer_uid),
      role: r.host_uid === uid ? 'host' : 'buyer',
      minutes: r.minutes,
      price: Number(r.price),
      endsAt: r.ends_at.toISOString(),
      extendedAt: r.extended_at.toISOString(),
    }));
    send(res, ExtensionPage, { items, meta: pageMeta(query, count.rows[0]?.n ?? 0, items.length) });
  });

  router.get('/booking/:id', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const id = String(req.params.id ?? '').slice(0, 128);
    const { rows } = await pool.query<BookingRow>(
      `select ${BOOKING_COLUMNS} from rm.bookings where booking_id = $1 and (buyer_uid = $2 or host_uid = $2)`,
      [id, uid],
    );
    // Someone else's booking answers as missing.
    if (!rows[0]) throw new ApiError('NOT_FOUND', bookingTexts.bookingNotFound);
    const [dto] = await toDtos(deps, uid, rows);
    send(res, BookingDto, dto!);
  });
}
