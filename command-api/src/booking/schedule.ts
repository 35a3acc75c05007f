// The host's `schedule-{hostUid}` stream: the services they list and every booking of them, folded
// into what the schedule decider needs (which services are offered, which times are taken).
import type { BookingStatus, ScheduleEvent } from '@murmur/contracts';

export interface Booking {
  buyerUid: string;
  title: string;
  minutes: number;
  /** The price of one session (an extension costs the same). */
  sessionPrice: number;
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
  /** Holds on the buyer's wallet: the booking's own (id = booking id), then one per extension. */
  holds: Array<{ holdId: string; amount: number }>;
}

export interface ScheduleState {
  services: Record<string, { title: string; minutes: number; price: number; active: boolean }>;
  bookings: Record<string, Booking>;
}

export const initialScheduleState = (): ScheduleState => ({ services: {}, bookings: {} });

const withBooking = (s: ScheduleState, id: string, change: (b: Booking) => Booking): ScheduleState => {
  const b = s.bookings[id];
  return b ? { ...s, bookings: { ...s.bookings, [id]: change(b) } } : s;
};

export function evolveSchedule(s: ScheduleState, event: ScheduleEvent): ScheduleState {
  switch (event.type) {
    case 'ServiceListed': {
      const d = event.data;
      return { ...s, services: { ...s.services, [d.serviceId]: { title: d.title, minutes: d.minutes, price: d.price, active: true } } };
    }
    case 'ServiceRemoved': {
      const service = s.services[event.data.serviceId];
      return service ? { ...s, services: { ...s.services, [event.data.serviceId]: { ...service, active: false } } } : s;
    }
    case 'SessionBooked': {
      const d = event.data;
      const booking: Booking = {
        buyerUid: d.buyerUid,
        title: d.title,
        minutes: d.minutes,
        sessionPrice: d.price,
        startsAt: d.startsAt,
        endsAt: d.endsAt,
        status: 'booked',
        holds: [{ holdId: d.bookingId, amount: d.price }],
      };
      return { ...s, bookings: { ...s.bookings, [d.bookingId]: booking } };
    }
    case 'BookingCancelled':
      return withBooking(s, event.data.bookingId, (b) => ({ ...b, status: 'cancelled' }));
    case 'BookedSessionOpened':
      return withBooking(s, event.data.bookingId, (b) => ({ ...b, status: 'live' }));
    case 'BookedSessionExtended': {
      const d = event.data;
      return withBooking(s, d.bookingId, (b) => ({
        ...b,
        endsAt: d.endsAt,
        minutes: b.minutes + d.minutes,
        holds: [...b.holds, { holdId: d.extensionId, amount: d.price }],
      }));
    }
    case 'BookedSessionCompleted':
      return withBooking(s, event.data.bookingId, (b) => ({ ...b, status: 'completed' }));
    default: {
      const _exhaustive: never = event;
      return s;
    }
  }
}
