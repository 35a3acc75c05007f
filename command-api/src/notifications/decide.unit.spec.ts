// Notifications read marks: given events, when MarkNotificationsRead or MarkPaymentNotificationRead, then events.
import { describe, expect, it } from 'vitest';
import { notificationDecider } from './decide.ts';
import type { NotificationEvent } from './notifications.ts';

const now = new Date('2026-11-24T10:00:00Z');
const given = (events: NotificationEvent[]) => events.reduce(notificationDecider.evolve, notificationDecider.initialState());
const read = (upToSeq: number): NotificationEvent => ({
  type: 'NotificationsRead',
  data: { uid: 'u1', upToSeq, readAt: now.toISOString() },
});

describe('notifications read mark', () => {
  it('moves the mark forward', () => {
    expect(notificationDecider.decide({ type: 'MarkNotificationsRead', uid: 'u1', upToSeq: 4, now }, given([]))).toEqual([read(4)]);
    expect(notificationDecider.decide({ type: 'MarkNotificationsRead', uid: 'u1', upToSeq: 9, now }, given([read(4)]))).toEqual([read(9)]);
  });
  it('writes nothing for a mark at or behind the current one', () => {
    expect(notificationDecider.decide({ type: 'MarkNotificationsRead', uid: 'u1', upToSeq: 4, now }, given([read(4)]))).toEqual([]);
    expect(notificationDecider.decide({ type: 'MarkNotificationsRead', uid: 'u1', upToSeq: 2, now }, given([read(4), read(3)]))).toEqual(
      [],
    );
    expect(notificationDecider.decide({ type: 'MarkNotificationsRead', uid: 'u1', upToSeq: 0, now }, given([]))).toEqual([]);
  });
  it('marks an agency payment read once', () => {
    const opened: NotificationEvent = {
      type: 'PaymentNotificationRead',
      data: { uid: 'u1', withdrawalId: 'payout-1', readAt: now.toISOString() },
    };
    const mark = (withdrawalId: string) => ({ type: 'MarkPaymentNotificationRead' as const, uid: 'u1', withdrawalId, now });
    expect(notificationDecider.decide(mark('payout-1'), given([read(4)]))).toEqual([opened]);
    expect(notificationDecider.decide(mark('payout-1'), given([opened]))).toEqual([]);
    expect(notificationDecider.decide(mark('payout-2'), given([opened]))).toHaveLength(1);
    // The two marks are apart: opening a payment does not move the sequence mark.
    expect(given([read(4), opened]).readUpTo).toBe(4);
  });
});
