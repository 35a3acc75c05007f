// Mark notifications read up to a sequence number, or one agency payment read: an event only when
// the mark moves, so a second tab or a retried click writes nothing.
import type { Decider } from '../decider/decider.ts';
import { evolveNotificationMark, initialNotificationMark, type NotificationEvent, type NotificationMarkState } from './notifications.ts';

export type NotificationCommand =
  | { type: 'MarkNotificationsRead'; uid: string; upToSeq: number; now: Date }
  | { type: 'MarkPaymentNotificationRead'; uid: string; withdrawalId: string; now: Date };

function decide(command: NotificationCommand, state: NotificationMarkState): NotificationEvent[] {
  switch (command.type) {
    case 'MarkNotificationsRead':
      if (command.upToSeq <= state.readUpTo) return [];
      return [{ type: 'NotificationsRead', data: { uid: command.uid, upToSeq: command.upToSeq, readAt: command.now.toISOString() } }];
    case 'MarkPaymentNotificationRead':
      if (state.paymentsRead.includes(command.withdrawalId)) return [];
      return [
        {
          type: 'PaymentNotificationRead',
          data: { uid: command.uid, withdrawalId: command.withdrawalId, readAt: command.now.toISOString() },
        },
      ];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const notificationDecider: Decider<NotificationMarkState, NotificationCommand, NotificationEvent> = {
  evolvesOn: { NotificationsRead: true, PaymentNotificationRead: true },
  initialState: initialNotificationMark,
  evolve: evolveNotificationMark,
  decide,
};
