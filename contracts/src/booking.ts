// Services and booking (docs/decisions/booking.md): a host lists services (a title, a session of 15, 30 or
// 60 minutes, a price in diamonds) on `schedule-{hostUid}`, where bookings are decided too, so one
// slot is booked once (the stream's expected version). A booking holds its price on the buyer's
// `wallet-{uid}` (DiamondsHeld, in the same transaction); at the start a private timed room opens
// for the two; at the end the hold is spent, the host credited at the host charm share; a
// cancellation more than 1 hour before the start releases it.
import { z } from 'zod';
import { UserCard } from './answers.ts';
import { eventTypesOf, type EventUnionOf } from './event-map.ts';
import { MediaAnswer } from './media.ts';
import { paged } from './paging.ts';

export const bookingLimits = {
  sessionMinutes: [15, 30, 60] as const,
  minPrice: 1,
  maxPrice: 1_000_000,
  titleMax: 60,
  servicesPerHost: 10,
  /** A buyer may cancel (and get the hold back) only more than this before the start. */
  cancelNoticeMs: 3_600_000,
  maxDaysAhead: 90,
} as const;

export const bookingTexts = {
  sessionMinutes: 'A session lasts 15, 30 or 60 minutes.',
  title: `The title must be 1 to ${bookingLimits.titleMax} characters.`,
  price: `The price must be between ${bookingLimits.minPrice} and ${bookingLimits.maxPrice.toLocaleString('en-US')} diamonds.`,
  tooManyServices: `A host lists at most ${bookingLimits.servicesPerHost} services.`,
  serviceNotFound: 'This service is not offered.',
  ownService: 'You cannot book your own service.',
  inPast: 'You cannot book a time in the past.',
  tooFarAhead: `You can book up to ${bookingLimits.maxDaysAhead} days ahead.`,
  slotTaken: 'This time is already booked. Please choose another time.',
  bookingNotFound: 'Booking not found.',
  tooLateToCancel: 'A booking can only be cancelled more than 1 hour before it starts.',
  notCancellable: 'This booking can no longer be cancelled.',
  notExtendable: 'Only a session in progress can be extended.',
  extendTaken: 'The host is booked right after this session.',
  startsAt: 'Choose when the session starts.',
  notLive: 'The session room is not open.',
} as const;

export const sessionEndsAt = (startsAt: string, minutes: number): string => new Date(Date.parse(startsAt) + minutes * 60_000).toISOString();

const SessionMinutes = z
  .number()
  .int()
  .refine((m) => (bookingLimits.sessionMinutes as readonly number[]).includes(m), bookingTexts.sessionMinutes);
const Price = z
  .number({ error: bookingTexts.price })
  .int(bookingTexts.price)
  .min(bookingLimits.minPrice, bookingTexts.price)
  .max(bookingLimits.maxPrice, bookingTexts.price);
const Id = z.string().regex(/^[\w:.-]{1,128}$/, bookingTexts.serviceNotFound);

// ---- bodies ---------------------------------------------------------------------------------

export const ListServiceBody = z.object({
  title: z.string({ error: bookingTexts.title }).trim().min(1, bookingTexts.title).max(bookingLimits.titleMax, bookingTexts.title),
  minutes: z.coerce.number().pipe(SessionMinutes),
  price: z.coerce.number({ error: bookingTexts.price }).pipe(Price),
});
export type ListServiceBody = z.infer<typeof ListServiceBody>;

export const RemoveServiceBody = z.object({ serviceId: Id });

export const BookServiceBody = z.object({
  hostUid: z.string().regex(/^[\w:.-]{1,128}$/, 'User not found.'),
  serviceId: Id,
  startsAt: z.iso.datetime({ offset: true, error: bookingTexts.startsAt }),
});
export type BookServiceBody = z.infer<typeof BookServiceBody>;

export const BookingListQuery = z.object({
  role: z.enum(['buyer', 'host', 'all']).default('all'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// ---- events on schedule-{hostUid} -----------------------------------------------------------

export const ServiceListedData = z.object({
  hostUid: z.string(),
  serviceId: z.string(),
  title: z.string(),
  minutes: z.number().int(),
  price: z.number().int().positive(),
  listedAt: z.string(),
});
export const ServiceRemovedData = z.object({ hostUid: z.string(), serviceId: z.string(), removedAt: z.string() });
export const SessionBookedData = z.object({
  bookingId: z.string(),
  hostUid: z.string(),
  buyerUid: z.string(),
  serviceId: z.string(),
  title: z.string(),
  minutes: z.number().int(),
  price: z.number().int().positive(),
  startsAt: z.string(),
  endsAt: z.string(),
  bookedAt: z.string(),
});
export type SessionBookedData = z.infer<typeof SessionBookedData>;
export const BookingCancelledData = z.object({
  bookingId: z.string(),
  hostUid: z.string(),
  buyerUid: z.string(),
  by: z.string(),
  released: z.number().int(),
  cancelledAt: z.string(),
});
/** The private timed room of the session opened for the two (the scheduler, at the start). */
export const BookedSessionOpenedData = z.object({
  bookingId: z.string(),
  hostUid: z.string(),
  buyerUid: z.string(),
  roomId: z.string(),
  endsAt: z.string(),
  openedAt: z.string(),
});
export const BookedSessionExtendedData = z.object({
  bookingId: z.string(),
  extensionId: z.string(),
  hostUid: z.string(),
  buyerUid: z.string(),
  minutes: z.number().int(),
  price: z.number().int().positive(),
  endsAt: z.string(),
  extendedAt: z.string(),
});
export type BookedSessionExtendedData = z.infer<typeof BookedSessionExtendedData>;
export const BookedSessionCompletedData = z.object({
  bookingId: z.string(),
  hostUid: z.string(),
  buyerUid: z.string(),
  diamonds: z.number().int(),
  charm: z.number().int(),
  completedAt: z.string(),
});

export const scheduleEventSchemas = {
  ServiceListed: ServiceListedData,
  ServiceRemoved: ServiceRemovedData,
  SessionBooked: SessionBookedData,
  BookingCancelled: BookingCancelledData,
  BookedSessionOpened: BookedSessionOpenedData,
  BookedSessionExtended: BookedSessionExtendedData,
  BookedSessionCompleted: BookedSessionCompletedData,
} as const;
export type ScheduleEvent = EventUnionOf<typeof scheduleEventSchemas>;
export const scheduleEventTypes = eventTypesOf(scheduleEventSchemas);

// ---- hold events on wallet-{uid} (the wallet's map includes them) ----------------------------

/** Diamonds set aside from the balance for a booking (or its extension); `holdId` names it. */
export const DiamondsHeldData = z.object({
  uid: z.string(),
  holdId: z.string(),
  amount: z.number().int().positive(),
  reference: z.string(),
  heldAt: z.string(),
});
export type DiamondsHeldData = z.infer<typeof DiamondsHeldData>;
/** A hold given back to the balance (a cancellation). */
export const HoldReleasedData = z.object({
  uid: z.string(),
  holdId: z.string(),
  amount: z.number().int().positive(),
  reference: z.string(),
  releasedAt: z.string(),
});
export type HoldReleasedData = z.infer<typeof HoldReleasedData>;
/** A hold spent: the diamonds leave for good, `charm` reaches `recipientUid` (by projection). */
export const HoldSpentData = z.object({
  uid: z.string(),
  holdId: z.string(),
  amount: z.number().int().positive(),
  recipientUid: z.string(),
  charm: z.number().int().nonnegative(),
  reference: z.string(),
  spentAt: z.string(),
});
export type HoldSpentData = z.infer<typeof HoldSpentData>;
export const holdEventSchemas = { DiamondsHeld: DiamondsHeldData, HoldReleased: HoldReleasedData, HoldSpent: HoldSpentData } as const;

// ---- reads ----------------------------------------------------------------------------------

export const BookingStatus = z.enum(['booked', 'live', 'completed', 'cancelled']);
export type BookingStatus = z.infer<typeof BookingStatus>;

export const ServiceDto = z.object({
  serviceId: z.string(),
  hostUid: z.string(),
  title: z.string(),
  minutes: z.number().int(),
  price: z.number().int(),
  listedAt: z.string(),
});
export type ServiceDto = z.infer<typeof ServiceDto>;
export const ServiceList = z.object({ items: z.array(ServiceDto) });

export const BookingDto = z.object({
  bookingId: z.string(),
  serviceId: z.string(),
  title: z.string(),
  host: UserCard,
  buyer: UserCard,
  /** The caller's side of it. */
  role: z.enum(['buyer', 'host']),
  minutes: z.number().int(),
  /** Diamonds held (the booking and its extensions). */
  price: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: BookingStatus,
  roomOpenedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  charm: z.number().int().nullable(),
  /** Whether the caller may cancel it now (and get the hold back). */
  cancellable: z.boolean(),
});
export type BookingDto = z.infer<typeof BookingDto>;
export const BookingPage = paged(BookingDto);

/** An extension reads as its booking's card with the extension's own minutes, price and new end. */
export const ExtensionDto = BookingDto.pick({
  bookingId: true,
  title: true,
  host: true,
  buyer: true,
  role: true,
  minutes: true,
  price: true,
  endsAt: true,
}).extend({ extensionId: z.string(), extendedAt: z.string() });
export type ExtensionDto = z.infer<typeof ExtensionDto>;
export const ExtensionPage = paged(ExtensionDto);

// ---- answers --------------------------------------------------------------------------------

export const ServiceListedAnswer = z.object({ position: z.string(), serviceId: z.string() });
export const BookingAnswer = z.object({
  position: z.string(),
  bookingId: z.string(),
  status: BookingStatus,
  balance: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type BookingAnswer = z.infer<typeof BookingAnswer>;

/** The voice of a live booked session: the same media session a private room's join answers. */
export const BookingVoiceAnswer = MediaAnswer.extend({ bookingId: z.string() });
export type BookingVoiceAnswer = z.infer<typeof BookingVoiceAnswer>;

/** Whether `who` may cancel a booking at `now`: the host until it ends, the buyer until 1 hour before the start. */
export function mayCancel(b: { status: BookingStatus; hostUid: string; startsAt: string }, who: string, now: number): boolean {
  if (b.status !== 'booked' && b.status !== 'live') return false;
  if (who === b.hostUid) return true;
  return b.status === 'booked' && Date.parse(b.startsAt) - now > bookingLimits.cancelNoticeMs;
}
