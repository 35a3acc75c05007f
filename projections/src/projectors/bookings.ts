// Services and bookings (docs/decisions/booking.md): the services each host lists, every booking with its
// status (booked, live, completed, cancelled) for the buyer's and the host's lists and for the
// session scheduler, and the extensions of running sessions (/extension-history).
import { defineProjector, ident } from '../projector.ts';

export const bookingsProjector = defineProjector({
  name: 'bookings',
  tables: ['booking_services', 'bookings', 'booking_extensions'],
  handles: [
    'ServiceListed',
    'ServiceRemoved',
    'SessionBooked',
    'BookingCancelled',
    'BookedSessionOpened',
    'BookedSessionExtended',
    'BookedSessionCompleted',
  ] as const,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.booking_services (
      service_id text primary key,
      host_uid text not null,
      title text not null,
      minutes int not null,
      price bigint not null,
      active boolean not null,
      listed_at timestamptz not null
    )`);
    await client.query(`create index if not exists booking_services_host on ${s}.booking_services (host_uid, listed_at)`);
    await client.query(`create table if not exists ${s}.bookings (
      booking_id text primary key,
      host_uid text not null,
      buyer_uid text not null,
      service_id text not null,
      title text not null,
      minutes int not null,
      price bigint not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      status text not null,
      room_opened_at timestamptz,
      completed_at timestamptz,
      cancelled_at timestamptz,
      charm bigint,
      booked_at timestamptz not null
    )`);
    await client.query(`create index if not exists bookings_buyer on ${s}.bookings (buyer_uid, starts_at desc)`);
    await client.query(`create index if not exists bookings_host on ${s}.bookings (host_uid, starts_at desc)`);
    // The scheduler's question: what is due to open or to end.
    await client.query(`create index if not exists bookings_due on ${s}.bookings (status, starts_at) where status in ('booked', 'live')`);
    await client.query(`create table if not exists ${s}.booking_extensions (
      extension_id text primary key,
      booking_id text not null,
      host_uid text not null,
      buyer_uid text not null,
      minutes int not null,
      price bigint not null,
      ends_at timestamptz not null,
      extended_at timestamptz not null
    )`);
    await client.query(`create index if not exists booking_extensions_buyer on ${s}.booking_extensions (buyer_uid, extended_at desc)`);
    await client.query(`create index if not exists booking_extensions_host on ${s}.booking_extensions (host_uid, extended_at desc)`);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      switch (e.type) {
        case 'ServiceListed': {
          const d = e.data;
          await client.query(
            `insert into ${s}.booking_services (service_id, host_uid, title, minutes, price, active, listed_at) values ($1, $2, $3, $4, $5, true, $6)
             on conflict (service_id) do update set title = excluded.title, minutes = excluded.minutes, price = excluded.price, active = true`,
            [d.serviceId, d.hostUid, d.title, d.minutes, d.price, d.listedAt],
          );
          break;
        }
        case 'ServiceRemoved':
          await client.query(`update ${s}.booking_services set active = false where service_id = $1`, [e.data.serviceId]);
          break;
        case 'SessionBooked': {
          const d = e.data;
          await client.query(
            `insert into ${s}.bookings (booking_id, host_uid, buyer_uid, service_id, title, minutes, price, starts_at, ends_at, status, booked_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'booked', $10) on conflict (booking_id) do nothing`,
            [d.bookingId, d.hostUid, d.buyerUid, d.serviceId, d.title, d.minutes, d.price, d.startsAt, d.endsAt, d.bookedAt],
          );
          break;
        }
        case 'BookingCancelled':
          await client.query(`update ${s}.bookings set status = 'cancelled', cancelled_at = $2 where booking_id = $1`, [
            e.data.bookingId,
            e.data.cancelledAt,
          ]);
          break;
        case 'BookedSessionOpened':
          await client.query(`update ${s}.bookings set status = 'live', room_opened_at = $2 where booking_id = $1`, [
            e.data.bookingId,
            e.data.openedAt,
          ]);
          break;
        case 'BookedSessionExtended': {
          const d = e.data;
          const inserted = await client.query(
            `insert into ${s}.booking_extensions (extension_id, booking_id, host_uid, buyer_uid, minutes, price, ends_at, extended_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (extension_id) do nothing`,
            [d.extensionId, d.bookingId, d.hostUid, d.buyerUid, d.minutes, d.price, d.endsAt, d.extendedAt],
          );
          if (inserted.rowCount) {
            await client.query(`update ${s}.bookings set ends_at = $2, minutes = minutes + $3, price = price + $4 where booking_id = $1`, [
              d.bookingId,
              d.endsAt,
              d.minutes,
              d.price,
            ]);
          }
          break;
        }
        case 'BookedSessionCompleted':
          await client.query(`update ${s}.bookings set status = 'completed', completed_at = $2, charm = $3 where booking_id = $1`, [
            e.data.bookingId,
            e.data.completedAt,
            e.data.charm,
          ]);
          break;
        default: {
          const _exhaustive: never = e;
          return _exhaustive;
        }
      }
    }
  },
});
