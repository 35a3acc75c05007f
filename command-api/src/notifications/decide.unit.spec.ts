// Notifications read mark: given events, when MarkNotificationsRead, then events.
import { describe, expect, it } from 'vitest';
import { notificationDecider } from './decide.ts';
import type { NotificationEvent } from './notifications.ts';

const now = new Date('2026-11-24T10:00:00Z');
const given = (events: NotificationEvent[]) => events.reduce(notificationDecider.evolve, notificationDecider.initialState());
const read = (upToSeq: number): NotificationEvent => ({ type: 'NotificationsRead', data: { uid: 'u1', upToSeq, readAt: now.toISOString() } });

describe('notifications read mark', () => {
  it('moves the mark forward', () => {
    expect(notificationDecider.decide({ type: 'MarkNotificationsRead', uid: 'u1', upToSeq: 4, now }, given([]))).toEqual([read(4)]);
    expect(notificationDecider.decide({ type: 'MarkNotificationsRead', uid: 'u1', upToSeq: 9, now }, given([read(4)]))).toEqual([read(9)]);
  });
  it('writes nothing for a mark at or behind the current one', () => {
    expect(notificationDecider.decide({ type: 'MarkNotificationsRead', uid: 'u1', upToSeq: 4, now }, given([read(4)]))).toEqual([]);
    expect(notificationDecider.decide({ type: 'MarkNotificationsRead', uid: 'u1', upToSeq: 2, now }, given([read(4), read(3)]))).toEqual([]);
    expect(notificationDecider.decide({ type: 'MarkNotificationsRead', uid: 'u1', upToSeq: 0, now }, given([]))).toEqual([]);
  });
});
