import { describe, expect, it } from 'vitest';
import { environmentProblem, voiceProblemOf, voiceProblemTexts } from './voiceProblems.ts';

describe('voice problems', () => {
  it('knows before trying when the browser or page cannot do voice', () => {
    expect(environmentProblem({ secure: true, hasWebRtc: false })).toBe('unsupported');
    expect(environmentProblem({ secure: false, hasWebRtc: true })).toBe('insecure');
    expect(environmentProblem({ secure: true, hasWebRtc: true })).toBeNull();
  });

  it('classifies what a join or the microphone threw', () => {
    expect(voiceProblemOf(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }))).toBe('mic-denied');
    expect(voiceProblemOf(Object.assign(new Error('Requested device not found'), { name: 'NotFoundError' }))).toBe('no-mic');
    expect(voiceProblemOf(new Error('voice join timed out'))).toBe('unreachable');
    expect(
      voiceProblemOf({ code: 'CAN_NOT_GET_GATEWAY_SERVER', message: 'flag: 4096, message: AgoraRTCError CAN_NOT_GET_GATEWAY_SERVER' }),
    ).toBe('unreachable');
    expect(voiceProblemOf({ code: 'INVALID_TOKEN', message: 'invalid token' })).toBe('rejected');
    expect(voiceProblemOf(new TypeError('Failed to fetch dynamically imported module: /assets/agora.js'))).toBe('load-failed');
    expect(voiceProblemOf('weird')).toBe('unknown');
  });

  it('says what to do for every problem', () => {
    for (const text of Object.values(voiceProblemTexts)) expect(text.explain.length).toBeGreaterThan(30);
  });
});
