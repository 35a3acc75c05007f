// Events that end a user's sessions while their sockets are open: a ban ends every one, a sign-in
// on another device every other one. The gateway closes those sockets at once, with a close code
// and the spec's text, instead of letting them live until their token expires; a socket that
// reconnects after its session ended is closed the same way (docs/decisions/realtime.md).
import { moderationTexts, realtimeCloseCodes, streamCategoryOf, texts, type ErrorCode } from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';
import type { AuthContext } from '@murmur/platform';

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

/** Whether an ended session's sockets include one signed in as `auth`. */
export function endsSession(ended: SessionEnd, auth: Pick<AuthContext, 'uid' | 'sessionId'>): boolean {
  return ended.uid === auth.uid && auth.sessionId !== ended.keep;
}

/** The close a refused upgrade gets instead of an HTTP status when its token no longer opens anything
 * (banned, signed in on another device, or expired, forged or revoked): a browser never sees a refused
 * upgrade's status, only a close code, and would retry the same token for ever without being told. On
 * 4401 the client refreshes its token once, and signs out when that is refused. */
export function closeForRefusal(code: ErrorCode): { code: number; reason: string } | null {
  if (code === 'UID_BANNED') return { code: realtimeCloseCodes.banned, reason: texts.banned };
  if (code === 'SESSION_REPLACED') return { code: realtimeCloseCodes.sessionReplaced, reason: texts.loggedInElsewhere };
  if (code === 'UNAUTHENTICATED') return { code: realtimeCloseCodes.unauthenticated, reason: texts.sessionExpired };
  return null;
}
