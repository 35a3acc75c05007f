import { describe, expect, it } from 'vitest';
import { sdpSends } from './sdp.ts';

const session = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
const section = (kind: string, dir: string | null, port = 9) =>
  `m=${kind} ${port} UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\n${dir ? `a=${dir}\r\n` : ''}a=mid:0\r\n`;

describe('sdpSends', () => {
  it('reads each section’s direction', () => {
    expect(sdpSends(session + section('audio', 'sendonly') + section('video', 'recvonly'))).toEqual({ audio: true, video: false });
    expect(sdpSends(session + section('audio', 'recvonly') + section('video', 'sendrecv'))).toEqual({ audio: false, video: true });
    expect(sdpSends(session + section('audio', 'inactive') + section('video', 'inactive'))).toEqual({ audio: false, video: false });
  });

  it('treats a section without a direction as sendrecv, unless the session says otherwise', () => {
    expect(sdpSends(session + section('audio', null))).toEqual({ audio: true, video: false });
    expect(sdpSends(session.replace('t=0 0\r\n', 't=0 0\r\na=recvonly\r\n') + section('audio', null))).toEqual({
      audio: false,
      video: false,
    });
  });

  it('ignores rejected sections (port 0) and data channels', () => {
    expect(sdpSends(session + section('audio', 'sendonly', 0) + section('application', null))).toEqual({ audio: false, video: false });
  });
});
