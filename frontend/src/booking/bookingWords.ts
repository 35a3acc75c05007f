// How bookings read on screen: status labels and the session's time span in the viewer's time zone.
import type { BookingStatus } from '@murmur/contracts/booking';

export const statusLabels: Record<BookingStatus, string> = {
  booked: 'Booked',
  live: 'Room open',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const when = (startsAt: string, endsAt: string): string => {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  return `${start.toLocaleDateString()} ${start.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}–${end.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
};

/** A `datetime-local` value (the viewer's local time) as an ISO instant, or null when empty or invalid. */
export function localToIso(value: string): string | null {
  if (!value) return null;
  const t = new Date(value).getTime();
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}
