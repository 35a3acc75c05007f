// The read mark of a user's notifications on `notifications-{uid}`: the highest sequence number the
// user has marked read. Only ever moves forward.
import { notificationsStreamId, type NotificationsReadData } from '@murmur/contracts';
import type { DomainEvent } from '../decider/decider.ts';

export type NotificationEvent = DomainEvent<'NotificationsRead', NotificationsReadData>;

export interface NotificationMarkState {
  readUpTo: number;
}

export const notificationStreamId = notificationsStreamId;
export const initialNotificationMark = (): NotificationMarkState => ({ readUpTo: 0 });

export function evolveNotificationMark(state: NotificationMarkState, event: NotificationEvent): NotificationMarkState {
  switch (event.type) {
    case 'NotificationsRead':
      return { readUpTo: Math.max(state.readUpTo, event.data.upToSeq) };
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}
