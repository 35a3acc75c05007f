// The schedule decider: services a host offers, and one booking per time of the host (a new
// session may not overlap a booked or running one). Pure; time, ids and prices come in on the command.
import { bookingLimits, bookingTexts, mayCancel, scheduleEventSchemas, sessionEndsAt, type ScheduleEvent } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveSchedule, initialScheduleState, type Booking, type ScheduleState } from './schedule.ts';

export type ScheduleCommand =
  | { type: 'ListService'; hostUid: string; serviceId: string; title: string; minutes: number; price: number; at: string }
  | { type: 'RemoveService'; hostUid: string; serviceId: string; at: string }
  | { type: 'Book'; hostUid: string; buyerUid: string; bookingId: string; serviceId: string; startsAt: string; at: string }
  | { type: 'Cancel'; hostUid: string; bookingId: string; by: string; at: string }
  /** The scheduler, at the start: the private timed room opens; a no-op before then or once open. */
  | { type: 'OpenSession'; hostUid: string; bookingId: string; at: string }
  | { type: 'Extend'; hostUid: string; bookingId: string; extensionId: string; by: string; at: string }
  /** The scheduler, at the end: the host is paid; a no-op before then or once done. */
  | { type: 'CompleteSession'; hostUid: string; bookingId: string; charmShare: number; at: string };

const overlaps = (b: Booking, start: string, end: string) =>
  (b.status === 'booked' || b.status === 'live') && b.startsAt < end && start < b.endsAt;

function requireParty(booking: Booking | undefined, hostUid: string, who: string): Booking {
  // Someone else's booking is answered as missing: its existence is nobody else's business.
  if (!booking || (who !== hostUid && who !== booking.buyerUid)) throw new ApiError('NOT_FOUND', bookingTexts.bookingNotFound);
  return booking;
}

function decideBook(c: Extract<ScheduleCommand, { type: 'Book' }>, s: ScheduleState): ScheduleEvent[] {
  if (s.bookings[c.bookingId]) return []; // a retried request: the first booking stands
  if (c.buyerUid === c.hostUid) throw new ApiError('RULE_VIOLATED', bookingTexts.ownService);
  const service = s.services[c.serviceId];
  if (!service?.active) throw new ApiError('NOT_FOUND', bookingTexts.serviceNotFound);
  const start = new Date(c.startsAt).toISOString();
  if (start <= c.at) throw new ApiError('RULE_VIOLATED', bookingTexts.inPast);
  if (Date.parse(start) - Date.parse(c.at) > bookingLimits.maxDaysAhead * 86_400_000)
    throw new ApiError('RULE_VIOLATED', bookingTexts.tooFarAhead);
  const end = sessionEndsAt(start, service.minutes);
  if (Object.values(s.bookings).some((b) => overlaps(b, start, end))) throw new ApiError('CONFLICT', bookingTexts.slotTaken);
  return [
    {
      type: 'SessionBooked',
      data: {
        bookingId: c.bookingId,
        hostUid: c.hostUid,
        buyerUid: c.buyerUid,
        serviceId: c.serviceId,
        title: service.title,
        minutes: service.minutes,
        price: service.price,
        startsAt: start,
        endsAt: end,
        bookedAt: c.at,
      },
    },
  ];
}

export function decideSchedule(c: ScheduleCommand, s: ScheduleState): ScheduleEvent[] {
  switch (c.type) {
    case 'ListService': {
      const existing = s.services[c.serviceId];
      if (existing?.active && existing.title === c.title && existing.minutes === c.minutes && existing.price === c.price) return [];
      const active = Object.values(s.services).filter((v) => v.active).length;
      if (!existing?.active && active >= bookingLimits.servicesPerHost) throw new ApiError('RULE_VIOLATED', bookingTexts.tooManyServices);
      return [
        {
          type: 'ServiceListed',
          data: { hostUid: c.hostUid, serviceId: c.serviceId, title: c.title, minutes: c.minutes, price: c.price, listedAt: c.at },
        },
      ];
    }
    case 'RemoveService':
      if (!s.services[c.serviceId]?.active) throw new ApiError('NOT_FOUND', bookingTexts.serviceNotFound);
      // Bookings already made keep their time and price; only new ones are refused.
      return [{ type: 'ServiceRemoved', data: { hostUid: c.hostUid, serviceId: c.serviceId, removedAt: c.at } }];
    case 'Book':
      return decideBook(c, s);
    case 'Cancel': {
      const b = requireParty(s.bookings[c.bookingId], c.hostUid, c.by);
      if (!mayCancel({ status: b.status, hostUid: c.hostUid, startsAt: b.startsAt }, c.by, Date.parse(c.at))) {
        throw new ApiError('RULE_VIOLATED', b.status === 'booked' ? bookingTexts.tooLateToCancel : bookingTexts.notCancellable);
      }
      const released = b.holds.reduce((sum, h) => sum + h.amount, 0);
      return [
        {
          type: 'BookingCancelled',
          data: { bookingId: c.bookingId, hostUid: c.hostUid, buyerUid: b.buyerUid, by: c.by, released, cancelledAt: c.at },
        },
      ];
    }
    case 'OpenSession': {
      const b = s.bookings[c.bookingId];
      if (!b || b.status !== 'booked' || b.startsAt > c.at) return [];
      return [
        {
          type: 'BookedSessionOpened',
          data: {
            bookingId: c.bookingId,
            hostUid: c.hostUid,
            buyerUid: b.buyerUid,
            roomId: `session-${c.bookingId}`,
            endsAt: b.endsAt,
            openedAt: c.at,
          },
        },
      ];
    }
    case 'Extend': {
      const b = requireParty(s.bookings[c.bookingId], c.hostUid, c.by);
      if (b.holds.some((h) => h.holdId === c.extensionId)) return [];
      if (c.by !== b.buyerUid || b.status !== 'live' || b.endsAt <= c.at) throw new ApiError('RULE_VIOLATED', bookingTexts.notExtendable);
      const minutes = b.minutes / b.holds.length;
      const endsAt = sessionEndsAt(b.endsAt, minutes);
      if (Object.entries(s.bookings).some(([id, other]) => id !== c.bookingId && overlaps(other, b.endsAt, endsAt)))
        throw new ApiError('CONFLICT', bookingTexts.extendTaken);
      return [
        {
          type: 'BookedSessionExtended',
          data: {
            bookingId: c.bookingId,
            extensionId: c.extensionId,
            hostUid: c.hostUid,
            buyerUid: b.buyerUid,
            minutes,
            price: b.sessionPrice,
            endsAt,
            extendedAt: c.at,
          },
        },
      ];
    }
    case 'CompleteSession': {
      const b = s.bookings[c.bookingId];
      if (!b || b.status !== 'live' || b.endsAt > c.at) return [];
      const diamonds = b.holds.reduce((sum, h) => sum + h.amount, 0);
      // The same rounding as the wallet's HoldSpent, hold by hold.
      const charm = b.holds.reduce((sum, h) => sum + Math.floor(h.amount * c.charmShare), 0);
      return [
        {
          type: 'BookedSessionCompleted',
          data: { bookingId: c.bookingId, hostUid: c.hostUid, buyerUid: b.buyerUid, diamonds, charm, completedAt: c.at },
        },
      ];
    }
    default: {
      const _exhaustive: never = c;
      throw new ApiError('VALIDATION_FAILED', 'Unknown schedule command.');
    }
  }
}

export const scheduleDecider: Decider<ScheduleState, ScheduleCommand, ScheduleEvent> = {
  evolvesOn: scheduleEventSchemas,
  initialState: initialScheduleState,
  evolve: evolveSchedule,
  decide: decideSchedule,
};
