// Notifications read marks: given events, when MarkNotificationsRead or MarkPaymentNotificationRead, then events.
import { describe, expect, it } from 'vitest';
import { notificationDecider } from './decide.ts';
import type { NotificationEvent } from './notifications.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const now = new Date('2026-11-24T10:00:00Z');
const given = DeciderSpecification.for(notificationDecider);
const read = (upToSeq: number): NotificationEvent => ({
  type: 'NotificationsRead',
  data: { uid: 'u1', upToSeq, readAt: now.toISOString() },
});
const markRead = (upToSeq: number) => ({ type: 'MarkNotificationsRead' as const, uid: 'u1', upToSeq, now });

describe('notifications read mark', () => {
  it('moves the mark forward', () => {
    given()
      .when(markRead(4))
      .then([read(4)]);
    given(read(4))
      .when(markRead(9))
      .then([read(9)]);
  });
  it('writes nothing for a mark at or behind the current one', () => {
    given(read(4)).when(markRead(4)).thenNothing();
    given(read(4), read(3)).when(markRead(2)).thenNothing();
    given().when(markRead(0)).thenNothing();
  });
  it('marks an agency payment read once', () => {
    const opened = (withdrawalId: string): NotificationEvent => ({
      type: 'PaymentNotificationRead',
      data: { uid: 'u1', withdrawalId, readAt: now.toISOString() },
    });
    const mark = (withdrawalId: string) => ({ type: 'MarkPaymentNotificationRead' as const, uid: 'u1', withdrawalId, now });
    given(read(4))
      .when(mark('payout-1'))
      .then([opened('payout-1')]);
    given(opened('payout-1')).when(mark('payout-1')).thenNothing();
    given(opened('payout-1'))
      .when(mark('payout-2'))
      .then([opened('payout-2')]);
    // The two marks are apart: opening a payment does not move the sequence mark.
    expect(given(read(4), opened('payout-1')).state.readUpTo).toBe(4);
  });
});
