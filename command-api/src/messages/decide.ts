// The DM decider (docs/decisions/messages.md): a first message needs a mutual follow, or the other party must
// have written in this thread; once someone has written without an answer and the follow is no
// longer mutual, they wait for the reply. Blocks in either direction refuse. Pure: the social
// facts come in on the command.
import { dmRefusal as dmRule, socialTexts, texts, messageEventSchemas } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveThread, initialThreadState, type MessageEvent, type ThreadState } from './messages.ts';

export type MessageCommand =
  | {
      type: 'SendMessage';
      threadId: string;
      messageId: string;
      senderUid: string;
      recipientUid: string;
      text: string;
      imageFileName: string | null;
      mutualFollow: boolean;
      blocked: boolean;
      now: Date;
    }
  | { type: 'MarkRead'; threadId: string; uid: string; otherUid: string; now: Date };

/** Null when the sender may write; otherwise the refusal. */
export function dmRefusal(state: ThreadState, sender: string, recipient: string, mutualFollow: boolean, blocked: boolean): ApiError | null {
  const refusal = dmRule({
    self: sender === recipient,
    blocked,
    mutualFollow,
    otherHasWritten: state.senders.has(recipient),
    senderHasWritten: state.senders.has(sender),
  });
  switch (refusal) {
    case null:
      return null;
    case 'self':
      return new ApiError('RULE_VIOLATED', socialTexts.cannotMessageSelf);
    case 'blocked':
      return new ApiError('FORBIDDEN', socialTexts.blocked);
    case 'needs-reply':
      return new ApiError('RULE_VIOLATED', texts.dmNeedsReply);
    case 'needs-mutual-follow':
      return new ApiError('RULE_VIOLATED', texts.dmNeedsMutualFollow);
  }
}

function decide(command: MessageCommand, state: ThreadState): MessageEvent[] {
  switch (command.type) {
    case 'SendMessage': {
      const refusal = dmRefusal(state, command.senderUid, command.recipientUid, command.mutualFollow, command.blocked);
      if (refusal) throw refusal;
      return [
        {
          type: 'DirectMessageSent',
          data: {
            threadId: command.threadId,
            messageId: command.messageId,
            senderUid: command.senderUid,
            recipientUid: command.recipientUid,
            text: command.text,
            imageFileName: command.imageFileName,
            sentAt: command.now.toISOString(),
          },
        },
      ];
    }
    case 'MarkRead':
      if (state.senders.size === 0) throw new ApiError('NOT_FOUND', 'Conversation not found.');
      // senderUid is the reader, so the gateway delivers the read receipt to the reader's other devices.
      return [
        {
          type: 'DirectThreadRead',
          data: {
            threadId: command.threadId,
            uid: command.uid,
            senderUid: command.uid,
            recipientUid: command.otherUid,
            readAt: command.now.toISOString(),
          },
        },
      ];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const threadDecider: Decider<ThreadState, MessageCommand, MessageEvent> = {
  evolvesOn: messageEventSchemas,
  initialState: initialThreadState,
  evolve: evolveThread,
  decide,
};
