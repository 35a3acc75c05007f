import { describe, expect, it } from 'vitest';
import { GiftQueue, type LobbyStage, type QueuedGift } from './giftQueue.ts';

const loadedAt = 1_000_000;
const stage: LobbyStage = { hostUid: 'host', cohostUids: ['co'], activeUids: ['active'] };
const gift = (id: string, over: Partial<QueuedGift> = {}): QueuedGift => ({
  id,
  giftName: 'rose',
  quantity: 10,
  senderUid: 'fan',
  recipients: ['host'],
  sentAt: loadedAt + 1,
  ...over,
});

describe('gift animation queue (docs/decisions/money.md)', () => {
  it('plays one gift at a time, then the next in order', () => {
    const q = new GiftQueue(loadedAt, () => loadedAt + 1000);
    q.offer(gift('a'), stage);
    q.offer(gift('b'), stage);
    q.offer(gift('c'), stage);
    expect(q.snapshot.playing?.id).toBe('a');
    expect(q.snapshot.waiting.map((g) => g.id)).toEqual(['b', 'c']);
    q.finish('a');
    expect(q.snapshot.playing?.id).toBe('b');
    q.finish('b');
    q.finish('c');
    expect(q.snapshot).toEqual({ playing: null, waiting: [] });
  });

  it('ignores a finish for a gift that is not playing', () => {
    const q = new GiftQueue(loadedAt, () => loadedAt + 1000);
    q.offer(gift('a'), stage);
    q.offer(gift('b'), stage);
    q.finish('b');
    expect(q.snapshot.playing?.id).toBe('a');
  });

  it('queues only gifts newer than the page load', () => {
    const q = new GiftQueue(loadedAt, () => loadedAt + 1000);
    expect(q.offer(gift('old', { sentAt: loadedAt - 1 }), stage)).toBe(false);
    expect(q.offer(gift('new', { sentAt: loadedAt }), stage)).toBe(true);
  });

  it('clears the queue when the tab becomes hidden and not when it becomes visible', () => {
    const q = new GiftQueue(loadedAt, () => loadedAt + 1000);
    q.offer(gift('a'), stage);
    q.offer(gift('b'), stage);
    q.visibilityChanged(false);
    expect(q.snapshot.waiting).toHaveLength(1);
    q.visibilityChanged(true);
    expect(q.snapshot).toEqual({ playing: null, waiting: [] });
  });

  it('queues a gift only for the host, a cohost or an active member', () => {
    const q = new GiftQueue(loadedAt, () => loadedAt + 1000);
    expect(q.offer(gift('h', { recipients: ['host'] }), stage)).toBe(true);
    expect(q.offer(gift('c', { recipients: ['co'] }), stage)).toBe(true);
    expect(q.offer(gift('a', { recipients: ['active'] }), stage)).toBe(true);
    expect(q.offer(gift('x', { recipients: ['gone'] }), stage)).toBe(false);
  });

  it('keeps only the eligible recipients of a gift to several people', () => {
    const q = new GiftQueue(loadedAt, () => loadedAt + 1000);
    q.offer(gift('m', { recipients: ['gone', 'co', 'host'] }), stage);
    expect(q.snapshot.playing?.recipients).toEqual(['co', 'host']);
  });

  it('never queues the same send twice (a replay after reconnect)', () => {
    const q = new GiftQueue(loadedAt, () => loadedAt + 1000);
    expect(q.offer(gift('a'), stage)).toBe(true);
    q.finish('a');
    expect(q.offer(gift('a'), stage)).toBe(false);
  });

  it('tells subscribers about every change', () => {
    const q = new GiftQueue(loadedAt, () => loadedAt + 1000);
    const seen: Array<string | null> = [];
    q.subscribe((s) => seen.push(s.playing?.id ?? null));
    q.offer(gift('a'), stage);
    q.finish('a');
    expect(seen).toEqual(['a', null]);
  });

  it('never queues a gift sent 60 minutes ago or more, and skips one that expired while waiting', () => {
    let now = loadedAt + 10;
    const q = new GiftQueue(loadedAt, () => now);
    now = loadedAt + 60 * 60_000 + 1;
    expect(q.offer(gift('old', { sentAt: loadedAt + 1 }), stage)).toBe(false);
    expect(q.offer(gift('fresh', { sentAt: now - 59 * 60_000 }), stage)).toBe(true);
    expect(q.offer(gift('later', { sentAt: now - 30 * 60_000 }), stage)).toBe(true);
    expect(q.offer(gift('last', { sentAt: now }), stage)).toBe(true);
    // 'later' (30 min old) would be played next, but two minutes pass: 'fresh' ran out while playing
    // (it plays to the end) and 'later' is still good; then 40 more minutes expire 'later'.
    now += 2 * 60_000;
    q.finish('fresh');
    expect(q.snapshot.playing?.id).toBe('later');
    now += 40 * 60_000;
    q.finish('later');
    expect(q.snapshot.playing?.id).toBe('last');
    q.offer(gift('queued', { sentAt: now - 59 * 60_000 }), stage);
    now += 2 * 60_000;
    q.finish('last');
    expect(q.snapshot).toEqual({ playing: null, waiting: [] });
  });
});
