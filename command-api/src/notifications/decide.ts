// Mark notifications read up to a sequence number: an event only when the mark moves forward, so a
// second tab or a retried click writes nothing.
import type { Decider } from '../decider/decider.ts';
import { evolveNotificationMark, initialNotificationMark, type NotificationEvent, type NotificationMarkState } from './notifications.ts';

export type NotificationCommand = { type: 'MarkNotificationsRead'; uid: string; upToSeq: number; now: Date };

function decide(command: NotificationCommand, state: NotificationMarkState): NotificationEvent[] {
  switch (command.type) {
    case 'MarkNotificationsRead':
      if (command.upToSeq <= state.readUpTo) return [];
      return [{ type: 'NotificationsRead', data: { uid: command.uid, upToSeq: command.upToSeq, readAt: command.now.toISOString() } }];
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const notificationDecider: Decider<NotificationMarkState, NotificationCommand, NotificationEvent> = {
  initialState: initialNotificationMark,
  evolve: evolveNotificationMark,
  decide,
};
