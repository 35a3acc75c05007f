// A direct-message thread between two users on `dm-{threadId}` (threadId = the two uids, sorted, joined by @).
// Events carry senderUid and recipientUid so the gateway can deliver them on `users/{uid}`.
import type { DirectMessageEvent } from '@murmur/contracts';

export type MessageEvent = DirectMessageEvent;

export interface ThreadState {
  /** uids that have sent at least one message in this thread. */
  senders: Set<string>;
}

export const initialThreadState = (): ThreadState => ({ senders: new Set() });

export function evolveThread(state: ThreadState, event: MessageEvent): ThreadState {
  switch (event.type) {
    case 'DirectMessageSent':
      return state.senders.has(event.data.senderUid) ? state : { senders: new Set(state.senders).add(event.data.senderUid) };
    case 'DirectThreadRead':
      return state;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
