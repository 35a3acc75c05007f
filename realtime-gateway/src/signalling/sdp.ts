// What a session description would send: the direction attributes of its audio and video sections.
// The gateway refuses an offer that sends what its author may not publish, and any answer that sends.

export interface SdpSends {
  audio: boolean;
  video: boolean;
}

/** A section without a direction attribute is sendrecv (RFC 8866); a session-level one is inherited. */
export function sdpSends(sdp: string): SdpSends {
  const sends: SdpSends = { audio: false, video: false };
  const lines = sdp.split(/\r?\n/);
  let sessionDirection = 'sendrecv';
  let kind: string | null = null;
  let port = 0;
  let direction: string | null = null;
  const close = () => {
    if (kind === null) return;
    const dir = direction ?? sessionDirection;
    // Port 0 is a rejected or stopped section; anything else that sends counts, unknown kinds as video.
    if (port !== 0 && (dir === 'sendrecv' || dir === 'sendonly')) {
      if (kind === 'audio') sends.audio = true;
      else if (kind !== 'application') sends.video = true;
    }
  };
  for (const line of lines) {
    const m = /^m=(\w+) (\d+)/.exec(line);
    if (m) {
      close();
      kind = m[1]!;
      port = Number(m[2]);
      direction = null;
      continue;
    }
    const a = /^a=(sendrecv|sendonly|recvonly|inactive)\s*$/.exec(line);
    if (!a) continue;
    if (kind === null) sessionDirection = a[1]!;
    else direction = a[1]!;
  }
  close();
  return sends;
}
