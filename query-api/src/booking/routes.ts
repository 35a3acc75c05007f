// Services and bookings reads (docs/decisions/booking.md): a host's services (public, the profile's
// Services tab), the caller's bookings as buyer and as host (/booking), one booking for its two
// parties only (the session room), and the extensions of the caller's sessions (/extension-history).
import { bookingTexts, mayCancel, pageMeta, type BookingDto, type ExtensionDto } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import { activeServices, bookingOfParty, bookingPage, extensionPage, type BookingRow } from '@murmur/projections/queries/bookings';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';

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
  const opts = { before: [freshness(pool, ['bookings', 'profiles'])] };

  defineRoute(
    router,
    'GET /user/services/{uid}',
    async ({ params }) => {
      const rows = await activeServices(pool, params.uid.slice(0, 128));
      return {
        items: rows.map((r) => ({
          serviceId: r.service_id,
          hostUid: r.host_uid,
          title: r.title,
          minutes: r.minutes,
          price: Number(r.price),
          listedAt: r.listed_at.toISOString(),
        })),
      };
    },
    opts,
  );

  defineRoute(
    router,
    'GET /booking/me',
    async ({ me: { uid }, query }) => {
      const { rows, total } = await bookingPage(pool, {
        uid,
        role: query.role,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const items = await toDtos(deps, uid, rows);
      return { items, meta: pageMeta(query, total, items.length) };
    },
    opts,
  );

  defineRoute(
    router,
    'GET /booking/extensions',
    async ({ me: { uid }, query }) => {
      const { rows, total } = await extensionPage(pool, { uid, limit: query.limit, offset: (query.page - 1) * query.limit });
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
      return { items, meta: pageMeta(query, total, items.length) };
    },
    opts,
  );

  defineRoute(
    router,
    'GET /booking/{id}',
    async ({ me: { uid }, params }) => {
      const row = await bookingOfParty(pool, params.id.slice(0, 128), uid);
      // Someone else's booking answers as missing.
      if (!row) throw new ApiError('NOT_FOUND', bookingTexts.bookingNotFound);
      const [dto] = await toDtos(deps, uid, [row]);
      return dto!;
    },
    opts,
  );
}
