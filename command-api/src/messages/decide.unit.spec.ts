// DM decider: the first-message rules of docs/decisions/messages.md.
import { texts } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { threadDecider, type MessageCommand } from './decide.ts';
import type { MessageEvent } from './messages.ts';

const now = new Date('2026-11-22T10:00:00Z');
const sent = (senderUid: string, recipientUid: string): MessageEvent => ({
  type: 'DirectMessageSent',
  data: {
    threadId: 'a@b',
    messageId: `${senderUid}-1`,
    senderUid,
    recipientUid,
    text: 'x',
    imageFileName: null,
    sentAt: now.toISOString(),
  },
});
const send = (from: string, to: string, mutualFollow: boolean, blocked = false): MessageCommand => ({
  type: 'SendMessage',
  threadId: 'a@b',
  messageId: 'm',
  senderUid: from,
  recipientUid: to,
  text: 'hi',
  imageFileName: null,
  mutualFollow,
  blocked,
  now,
});
const given = (events: MessageEvent[]) => events.reduce(threadDecider.evolve, threadDecider.initialState());

describe('DM decider', () => {
  it('needs a mutual follow for the first message', () => {
    expect(() => threadDecider.decide(send('a', 'b', false), given([]))).toThrow(texts.dmNeedsMutualFollow);
    expect(threadDecider.decide(send('a', 'b', true), given([]))[0]?.data).toMatchObject({ senderUid: 'a', recipientUid: 'b' });
  });
  it('lets the other party reply, and makes the writer wait for that reply', () => {
    const state = given([sent('a', 'b')]);
    expect(threadDecider.decide(send('b', 'a', false), state)).toHaveLength(1);
    expect(() => threadDecider.decide(send('a', 'b', false), state)).toThrow(texts.dmNeedsReply);
    expect(threadDecider.decide(send('a', 'b', false), given([sent('a', 'b'), sent('b', 'a')]))).toHaveLength(1);
  });
  it('refuses across a block even between mutual followers', () => {
    expect(() => threadDecider.decide(send('a', 'b', true, true), given([sent('b', 'a')]))).toThrow();
  });
});
