// A user's chat across every lobby and room: at most chatMessagesPerWindowAllLobbies in the chat
// window, counted in this process. The per-lobby limit is decided on the chat stream; this one only
// stops spraying many lobbies at once, so an approximate count per process is enough.
import { limits } from '@murmur/contracts';
import { WindowLimiter } from '../window-limiter.ts';

export class ChatLimiter extends WindowLimiter {
  constructor(perWindow: number = limits.chatMessagesPerWindowAllLobbies, windowMs = limits.chatWindowSeconds * 1000) {
    super(perWindow, windowMs);
  }
}
