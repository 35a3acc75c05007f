// Camera and screen capture with the video profiles of docs/decisions/media.md and the
// failure texts: no camera gives 'Live Streaming Failed' / 'No video device found'; a browser that
// cannot share its screen gives 'Screen Sharing Failed'. Both adapters publish these tracks.
import { mediaTexts, videoProfiles } from '@murmur/contracts/media';
import type { LiveFailure } from './port.ts';

export class CaptureFailed extends Error {
  constructor(readonly failure: LiveFailure | null) {
    super(failure?.title ?? 'cancelled');
  }
}

/** Phones capture portrait (720x1280), everything else landscape (1280x720). */
export function cameraProfile() {
  const phone =
    globalThis.matchMedia?.('(pointer: coarse)').matches && Math.min(globalThis.innerWidth ?? 1280, globalThis.innerHeight ?? 720) < 600;
  return phone ? videoProfiles.cameraMobile : videoProfiles.cameraDesktop;
}

const noDevice = new Set(['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError']);

export async function captureCamera(): Promise<MediaStreamTrack> {
  const devices = globalThis.navigator?.mediaDevices;
  if (!devices?.getUserMedia) throw new CaptureFailed({ title: mediaTexts.liveFailed, message: mediaTexts.noVideoDevice });
  const p = cameraProfile();
  try {
    const stream = await devices.getUserMedia({
      audio: false,
      video: { width: { ideal: p.width }, height: { ideal: p.height }, frameRate: { ideal: p.frameRate } },
    });
    const track = stream.getVideoTracks()[0];
    if (!track) throw new DOMException('no track', 'NotFoundError');
    track.contentHint = 'motion';
    return track;
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    throw new CaptureFailed({ title: mediaTexts.liveFailed, message: noDevice.has(name) ? mediaTexts.noVideoDevice : null });
  }
}

/** The browser's picker offers the entire screen, a window or a tab. Cancelling it is no failure. */
export async function captureScreen(): Promise<MediaStreamTrack> {
  const devices = globalThis.navigator?.mediaDevices;
  if (!devices?.getDisplayMedia) throw new CaptureFailed({ title: mediaTexts.screenFailed, message: null });
  const p = videoProfiles.screen;
  try {
    const stream = await devices.getDisplayMedia({
      audio: false,
      video: { width: { max: p.width }, height: { max: p.height }, frameRate: { max: p.frameRate } },
    });
    const track = stream.getVideoTracks()[0];
    if (!track) throw new DOMException('no track', 'NotFoundError');
    track.contentHint = 'detail';
    return track;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotAllowedError') throw new CaptureFailed(null);
    throw new CaptureFailed({ title: mediaTexts.screenFailed, message: null });
  }
}

/** The microphone, or what went wrong (permission, no device) for the voice notice. */
export async function captureMicrophone(): Promise<MediaStreamTrack | { error: unknown }> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      video: false,
    });
    return stream.getAudioTracks()[0] ?? { error: new DOMException('no microphone', 'NotFoundError') };
  } catch (error) {
    return { error };
  }
}
