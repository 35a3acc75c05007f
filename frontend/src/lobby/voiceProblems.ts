// Why voice could not connect, and what the person can do about it: each failure of the voice
// provider (whichever adapter) is classified into one problem with a plain-words explanation.
export type VoiceProblem =
  'unsupported' | 'insecure' | 'not-configured' | 'rejected' | 'unreachable' | 'load-failed' | 'mic-denied' | 'no-mic' | 'unknown';

export interface VoiceProblemText {
  /** A few words for the status pill. */
  short: string;
  /** Why, and what to do. */
  explain: string;
}

export const voiceProblemTexts: Record<VoiceProblem, VoiceProblemText> = {
  unsupported: {
    short: 'Voice not supported',
    explain: 'This browser cannot make voice calls. Open Murmur in a recent Chrome, Edge, Firefox or Safari to talk and listen.',
  },
  insecure: { short: 'Voice needs https', explain: 'Voice works only on a secure (https) address. Open Murmur through its https link.' },
  'not-configured': {
    short: 'Voice not set up',
    explain: 'Voice chat is not set up on this server yet, so nobody can be heard here. Chat and gifts still work.',
  },
  rejected: {
    short: 'Voice refused',
    explain: 'The voice service did not accept this session. Leave the lobby and join again; if it keeps happening, tell the host.',
  },
  unreachable: {
    short: 'Voice cannot connect',
    explain:
      'The voice service could not be reached. Check your internet connection (some office or school networks block voice), then leave and rejoin the lobby.',
  },
  'load-failed': { short: 'Voice failed to load', explain: 'The voice component did not load. Reload the page to try again.' },
  'mic-denied': {
    short: 'Microphone blocked',
    explain: 'Microphone access is blocked. Allow it with the lock icon beside the address, then take the mic again. You can still listen.',
  },
  'no-mic': { short: 'No microphone', explain: 'No microphone was found. Connect one and take the mic again. You can still listen.' },
  unknown: { short: 'Voice is unavailable', explain: 'Voice stopped unexpectedly. Leave the lobby and join again.' },
};

/** Problems known before trying: the browser or the page cannot do voice at all. */
export function environmentProblem(env: { secure: boolean; hasWebRtc: boolean }): VoiceProblem | null {
  if (!env.hasWebRtc) return 'unsupported';
  if (!env.secure) return 'insecure';
  return null;
}

export function browserEnvironmentProblem(): VoiceProblem | null {
  if (typeof window === 'undefined') return null;
  return environmentProblem({ secure: window.isSecureContext !== false, hasWebRtc: typeof window.RTCPeerConnection === 'function' });
}

/** Classifies what a voice join or microphone call threw (provider SDK errors, DOMExceptions, timeouts). */
export function voiceProblemOf(error: unknown): VoiceProblem {
  const e = error as { name?: unknown; code?: unknown; message?: unknown } | null;
  const name = typeof e?.name === 'string' ? e.name : '';
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(error ?? '');
  if (name === 'NotAllowedError' || code === 'PERMISSION_DENIED' || /permission denied/i.test(message)) return 'mic-denied';
  if (name === 'NotFoundError' || code === 'DEVICE_NOT_FOUND') return 'no-mic';
  if (code === 'NOT_SUPPORTED' || code === 'WEB_SECURITY_RESTRICT') return 'unsupported';
  if (/dynamically imported module|importing a module script|loading chunk/i.test(message)) return 'load-failed';
  if (/TOKEN|KEY|INVALID_PARAMS|UID_CONFLICT|INVALID_OPERATION/.test(code) || /token|vendor key/i.test(message)) return 'rejected';
  if (/NETWORK|GATEWAY|TIMEOUT|WS_ABORT|OPERATION_ABORTED/.test(code) || /timed? ?out|network|failed to fetch|websocket/i.test(message))
    return 'unreachable';
  return 'unknown';
}
