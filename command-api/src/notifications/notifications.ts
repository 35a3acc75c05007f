// The read marks of a user's notifications on `notifications-{uid}`: the highest sequence number the
// user has marked read (only ever moves forward), and the agency payments of `payment-notifications`
// the user has opened.
import { type NotificationsReadData, type PaymentNotificationReadData } from '@murmur/contracts';
import type { DomainEvent } from '../decider/decider.ts';

export type NotificationEvent =
  DomainEvent<'NotificationsRead', NotificationsReadData> | DomainEvent<'PaymentNotificationRead', PaymentNotificationReadData>;

export interface NotificationMarkState {
  readUpTo: number;
  /** Withdrawal ids of agency payments opened (a plain list, so the state caches and snapshots as JSON). */
  paymentsRead: string[];
}

export const initialNotificationMark = (): NotificationMarkState => ({ readUpTo: 0, paymentsRead: [] });

export function evolveNotificationMark(state: NotificationMarkState, event: NotificationEvent): NotificationMarkState {
  switch (event.type) {
    case 'NotificationsRead':
      return { ...state, readUpTo: Math.max(state.readUpTo, event.data.upToSeq) };
    case 'PaymentNotificationRead':
      return state.paymentsRead.includes(event.data.withdrawalId)
        ? state
        : { ...state, paymentsRead: [...state.paymentsRead, event.data.withdrawalId] };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
