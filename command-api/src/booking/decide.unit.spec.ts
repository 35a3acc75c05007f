// The schedule decider (docs/decisions/booking.md): services a host lists, one booking per time of
// the host, who may cancel, opening, extending and completing a session. Given the host's
// `schedule-{hostUid}` events, when a command, then events or the refusal the user reads.
import type { ScheduleEvent } from '@murmur/contracts';
import { describe, it } from 'vitest';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';
import { scheduleDecider, type ScheduleCommand } from './decide.ts';

const given = DeciderSpecification.for(scheduleDecider);

const at = '2026-11-27T10:00:00.000Z';
const startsAt = '2026-11-28T10:00:00.000Z';
const endsAt = '2026-11-28T10:30:00.000Z';
/** ISO time `minutes` after `from`. */
const plus = (from: string, minutes: number) => new Date(Date.parse(from) + minutes * 60_000).toISOString();

const listed = (serviceId = 'talk', over: Partial<{ title: string; minutes: number; price: number }> = {}): ScheduleEvent => ({
  type: 'ServiceListed',
  data: { hostUid: 'host', serviceId, title: 'Talk', minutes: 30, price: 100, listedAt: at, ...over },
});
const list = (serviceId = 'talk', over: Partial<{ title: string; minutes: number; price: number }> = {}): ScheduleCommand => ({
  type: 'ListService',
  hostUid: 'host',
  serviceId,
  title: 'Talk',
  minutes: 30,
  price: 100,
  at,
  ...over,
});
const book = (bookingId = 'b1', start = startsAt, over: Partial<Extract<ScheduleCommand, { type: 'Book' }>> = {}): ScheduleCommand => ({
  type: 'Book',
  hostUid: 'host',
  buyerUid: 'buyer',
  bookingId,
  serviceId: 'talk',
  startsAt: start,
  at,
  ...over,
});
const booked = (bookingId = 'b1', start = startsAt, price = 100): ScheduleEvent => ({
  type: 'SessionBooked',
  data: {
    bookingId,
    hostUid: 'host',
    buyerUid: 'buyer',
    serviceId: 'talk',
    title: 'Talk',
    minutes: 30,
    price,
    startsAt: start,
    endsAt: plus(start, 30),
    bookedAt: at,
  },
});
const opened: ScheduleEvent = {
  type: 'BookedSessionOpened',
  data: { bookingId: 'b1', hostUid: 'host', buyerUid: 'buyer', roomId: 'session-b1', endsAt, openedAt: startsAt },
};
const extension = (price = 100): ScheduleEvent => ({
  type: 'BookedSessionExtended',
  data: {
    bookingId: 'b1',
    extensionId: 'x1',
    hostUid: 'host',
    buyerUid: 'buyer',
    minutes: 30,
    price,
    endsAt: plus(endsAt, 30),
    extendedAt: plus(startsAt, 20),
  },
});
const extended = extension();
const cancel = (by: string, when = at): ScheduleCommand => ({ type: 'Cancel', hostUid: 'host', bookingId: 'b1', by, at: when });
const extend = (by = 'buyer', when = plus(startsAt, 20), extensionId = 'x1'): ScheduleCommand => ({
  type: 'Extend',
  hostUid: 'host',
  bookingId: 'b1',
  extensionId,
  by,
  at: when,
});
const complete = (when: string): ScheduleCommand => ({
  type: 'CompleteSession',
  hostUid: 'host',
  bookingId: 'b1',
  charmShare: 0.5,
  at: when,
});

describe('services', () => {
  it('lists a service; listing it again unchanged writes nothing, a change is listed again', () => {
    given().when(list()).then([listed()]);
    given(listed()).when(list()).thenNothing();
    given(listed())
      .when(list('talk', { price: 150 }))
      .then([listed('talk', { price: 150 })]);
  });

  it('lists at most 10 active services; a removed one does not count', () => {
    const ten = Array.from({ length: 10 }, (_, i) => listed(`s${i}`));
    given(...ten)
      .when(list('s10'))
      .thenThrows('RULE_VIOLATED', 'A host lists at most 10 services.');
    given(...ten)
      .when(list('s3', { price: 120 }))
      .then([listed('s3', { price: 120 })]);
    const removed: ScheduleEvent = { type: 'ServiceRemoved', data: { hostUid: 'host', serviceId: 's0', removedAt: at } };
    given(...ten, removed)
      .when(list('s10'))
      .then([listed('s10')]);
  });

  it('removes an offered service once; bookings already made keep it', () => {
    const removed: ScheduleEvent = { type: 'ServiceRemoved', data: { hostUid: 'host', serviceId: 'talk', removedAt: at } };
    given(listed()).when({ type: 'RemoveService', hostUid: 'host', serviceId: 'talk', at }).then([removed]);
    given(listed(), removed)
      .when({ type: 'RemoveService', hostUid: 'host', serviceId: 'talk', at })
      .thenThrows('NOT_FOUND', 'This service is not offered.');
    given(listed(), booked(), removed)
      .when(cancel('host'))
      .then([
        {
          type: 'BookingCancelled',
          data: { bookingId: 'b1', hostUid: 'host', buyerUid: 'buyer', by: 'host', released: 100, cancelledAt: at },
        },
      ]);
  });
});

describe('booking', () => {
  it('books an offered service at the listed price and length; a retried booking id writes nothing', () => {
    given(listed()).when(book()).then([booked()]);
    given(listed(), booked()).when(book()).thenNothing();
  });

  it("refuses one's own service, a service not offered, a time in the past or more than 90 days ahead", () => {
    given(listed())
      .when(book('b1', startsAt, { buyerUid: 'host' }))
      .thenThrows('RULE_VIOLATED', 'You cannot book your own service.');
    given(listed())
      .when(book('b1', startsAt, { serviceId: 'other' }))
      .thenThrows('NOT_FOUND', 'This service is not offered.');
    given(listed()).when(book('b1', at)).thenThrows('RULE_VIOLATED', 'You cannot book a time in the past.');
    given(listed())
      .when(book('b1', plus(at, 90 * 24 * 60 + 1)))
      .thenThrows('RULE_VIOLATED', 'You can book up to 90 days ahead.');
    given(listed())
      .when(book('b1', plus(at, 90 * 24 * 60)))
      .then([booked('b1', plus(at, 90 * 24 * 60))]);
  });

  it('one booking per time of the host: an overlapping time is taken, the next free one is not', () => {
    given(listed(), booked())
      .when(book('b2', plus(startsAt, 15)))
      .thenThrows('CONFLICT', 'This time is already booked. Please choose another time.');
    given(listed(), booked())
      .when(book('b2', plus(startsAt, -15)))
      .thenThrows('CONFLICT', 'This time is already booked. Please choose another time.');
    given(listed(), booked())
      .when(book('b2', endsAt))
      .then([booked('b2', endsAt)]);
    // A cancelled booking frees its time.
    given(listed(), booked(), {
      type: 'BookingCancelled',
      data: { bookingId: 'b1', hostUid: 'host', buyerUid: 'buyer', by: 'buyer', released: 100, cancelledAt: at },
    })
      .when(book('b2'))
      .then([booked('b2')]);
  });
});

describe('cancelling', () => {
  const cancelled = (by: string, released = 100, when = at): ScheduleEvent => ({
    type: 'BookingCancelled',
    data: { bookingId: 'b1', hostUid: 'host', buyerUid: 'buyer', by, released, cancelledAt: when },
  });

  it('the buyer cancels only more than 1 hour before the start, and gets the whole hold back', () => {
    given(listed(), booked())
      .when(cancel('buyer'))
      .then([cancelled('buyer')]);
    given(listed(), booked())
      .when(cancel('buyer', plus(startsAt, -61)))
      .then([cancelled('buyer', 100, plus(startsAt, -61))]);
    given(listed(), booked())
      .when(cancel('buyer', plus(startsAt, -60)))
      .thenThrows('RULE_VIOLATED', 'A booking can only be cancelled more than 1 hour before it starts.');
  });

  it('the host cancels any time until the session ends, releasing the extensions too', () => {
    given(listed(), booked())
      .when(cancel('host', plus(startsAt, -5)))
      .then([cancelled('host', 100, plus(startsAt, -5))]);
    given(listed(), booked(), opened, extended)
      .when(cancel('host', plus(startsAt, 25)))
      .then([cancelled('host', 200, plus(startsAt, 25))]);
    given(listed(), booked(), opened)
      .when(cancel('buyer', plus(startsAt, 5)))
      .thenThrows('RULE_VIOLATED', 'This booking can no longer be cancelled.');
  });

  it('a cancelled booking is not cancelled twice; someone else’s booking is answered as missing', () => {
    given(listed(), booked(), cancelled('buyer'))
      .when(cancel('host'))
      .thenThrows('RULE_VIOLATED', 'This booking can no longer be cancelled.');
    given(listed(), booked()).when(cancel('stranger')).thenThrows('NOT_FOUND', 'Booking not found.');
    given(listed()).when(cancel('buyer')).thenThrows('NOT_FOUND', 'Booking not found.');
  });
});

describe('the session', () => {
  const open = (when: string): ScheduleCommand => ({ type: 'OpenSession', hostUid: 'host', bookingId: 'b1', at: when });

  it('opens its room at the start, once; nothing before the start', () => {
    given(listed(), booked())
      .when(open(plus(startsAt, -1)))
      .thenNothing();
    given(listed(), booked()).when(open(startsAt)).then([opened]);
    given(listed(), booked(), opened)
      .when(open(plus(startsAt, 1)))
      .thenNothing();
  });

  it('the buyer extends a live session by one more session at the same price, once per extension id', () => {
    given(listed(), booked(), opened).when(extend()).then([extended]);
    given(listed(), booked(), opened, extended).when(extend()).thenNothing();
    given(listed(), booked(), opened, extended)
      .when(extend('buyer', plus(startsAt, 50), 'x2'))
      .then([
        {
          type: 'BookedSessionExtended',
          data: { ...(extended.data as object), extensionId: 'x2', endsAt: plus(endsAt, 60), extendedAt: plus(startsAt, 50) },
        } as ScheduleEvent,
      ]);
  });

  it('only the buyer, only while live, and not into the host’s next booking', () => {
    given(listed(), booked(), opened).when(extend('host')).thenThrows('RULE_VIOLATED', 'Only a session in progress can be extended.');
    given(listed(), booked()).when(extend()).thenThrows('RULE_VIOLATED', 'Only a session in progress can be extended.');
    given(listed(), booked(), opened)
      .when(extend('buyer', endsAt))
      .thenThrows('RULE_VIOLATED', 'Only a session in progress can be extended.');
    given(listed(), booked(), booked('b2', endsAt), opened)
      .when(extend())
      .thenThrows('CONFLICT', 'The host is booked right after this session.');
    given(listed(), booked(), opened).when(extend('stranger')).thenThrows('NOT_FOUND', 'Booking not found.');
  });

  it('completes at the end: the host gets the charm share of every hold, rounded down hold by hold', () => {
    given(listed(), booked(), opened)
      .when(complete(plus(endsAt, -1)))
      .thenNothing();
    given(listed(), booked(), opened)
      .when(complete(endsAt))
      .then([
        {
          type: 'BookedSessionCompleted',
          data: { bookingId: 'b1', hostUid: 'host', buyerUid: 'buyer', diamonds: 100, charm: 50, completedAt: endsAt },
        },
      ]);
    // 101 + 101 diamonds: 50 + 50 charm, as the wallet's HoldSpent rounds each hold (not 101 of 202).
    given(listed(), booked('b1', startsAt, 101), opened, extension(101))
      .when(complete(plus(endsAt, 30)))
      .then([
        {
          type: 'BookedSessionCompleted',
          data: { bookingId: 'b1', hostUid: 'host', buyerUid: 'buyer', diamonds: 202, charm: 100, completedAt: plus(endsAt, 30) },
        },
      ]);
    // Never completed twice, and never a session that did not open.
    const completed: ScheduleEvent = {
      type: 'BookedSessionCompleted',
      data: { bookingId: 'b1', hostUid: 'host', buyerUid: 'buyer', diamonds: 100, charm: 50, completedAt: endsAt },
    };
    given(listed(), booked(), opened, completed)
      .when(complete(plus(endsAt, 1)))
      .thenNothing();
    given(listed(), booked()).when(complete(endsAt)).thenNothing();
  });
});
