// Events that end a user's sessions while their sockets are open: a ban ends every one, a sign-in
// on another device every other one. The gateway closes those sockets at once, with a close code
// and the spec's text, instead of letting them live until their token expires.
import { moderationTexts, realtimeCloseCodes, streamCategoryOf, texts } from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';

export interface SessionEnd {
  uid: string;
  /** The session that stays (the new device's); null ends them all. */
  keep: string | null;
  code: number;
  reason: string;
}

export function sessionEndOf(event: RecordedEvent): SessionEnd | null {
  if (streamCategoryOf(event.streamId)?.category !== 'user') return null;
  const uid = typeof event.data.uid === 'string' ? event.data.uid : null;
  if (!uid) return null;
  if (event.type === 'UserBanned') return { uid, keep: null, code: realtimeCloseCodes.banned, reason: texts.banned };
  // An operator's sign out everywhere: every socket closes as if replaced, with its own words.
  if (event.type === 'SessionsEndedByOperator')
    return { uid, keep: null, code: realtimeCloseCodes.sessionReplaced, reason: moderationTexts.signedOutByOperator };
  if (event.type === 'UserSignedIn' && typeof event.data.sessionId === 'string') {
    return { uid, keep: event.data.sessionId, code: realtimeCloseCodes.sessionReplaced, reason: texts.loggedInElsewhere };
  }
  return null;
}
