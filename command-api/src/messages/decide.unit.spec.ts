// DM decider: the first-message rules of docs/decisions/messages.md.
import { texts } from '@murmur/contracts';
import { describe, it } from 'vitest';
import { threadDecider, type MessageCommand } from './decide.ts';
import type { MessageEvent } from './messages.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const now = new Date('2026-11-22T10:00:00Z');
const sent = (senderUid: string, recipientUid: string, messageId = `${senderUid}-1`, text = 'x'): MessageEvent => ({
  type: 'DirectMessageSent',
  data: {
    threadId: 'a@b',
    messageId,
    senderUid,
    recipientUid,
    text,
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
const given = DeciderSpecification.for(threadDecider);

describe('DM decider', () => {
  it('needs a mutual follow for the first message', () => {
    given()
      .when(send('a', 'b', false))
      .thenThrows('RULE_VIOLATED', texts.dmNeedsMutualFollow);
    given()
      .when(send('a', 'b', true))
      .then([sent('a', 'b', 'm', 'hi')]);
  });
  it('lets the other party reply, and makes the writer wait for that reply', () => {
    given(sent('a', 'b'))
      .when(send('b', 'a', false))
      .then([sent('b', 'a', 'm', 'hi')]);
    given(sent('a', 'b'))
      .when(send('a', 'b', false))
      .thenThrows('RULE_VIOLATED', texts.dmNeedsReply);
    given(sent('a', 'b'), sent('b', 'a'))
      .when(send('a', 'b', false))
      .then([sent('a', 'b', 'm', 'hi')]);
  });
  it('refuses across a block even between mutual followers', () => {
    given(sent('b', 'a'))
      .when(send('a', 'b', true, true))
      .thenThrows('FORBIDDEN', 'You cannot interact with this user.');
  });
});
