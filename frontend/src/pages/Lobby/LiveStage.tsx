// The host's live stream in the lobby: the video everyone sees (the host sees their own preview),
// the host's controls (go live with camera or screen, switch, end) and the start modal; failures
// show the spec's texts.
import type { LiveSource } from '@murmur/contracts/media';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import type { LobbyDetails } from '../../lobby/lobbyApi.ts';
import { clearLiveError, startLive, stopLive, useMedia } from '../../media/port.ts';
import styles from './Media.module.css';

const sourceLabel: Record<LiveSource, string> = { camera: 'Camera', screen: 'Screen share' };

export function LiveStage({ lobby, uid }: { lobby: LobbyDetails; uid: string | null }) {
  const live = useMedia((s) => s.live);
  const remote = useMedia((s) => (lobby.hostUid ? s.remoteVideos[lobby.hostUid] : undefined));
  const liveError = useMedia((s) => s.liveError);
  const [startOpen, setStartOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const me = lobby.members.find((m) => m.uid === uid);
  const isHost = !!uid && uid === lobby.hostUid && me?.seat !== null && me?.seat !== undefined;
  const hostName = lobby.members.find((m) => m.uid === lobby.hostUid)?.username ?? 'The host';

  const go = async (source: LiveSource) => {
    setBusy(true);
    try {
      await startLive(source);
    } finally {
      setBusy(false);
      setStartOpen(false);
    }
  };

  const stream = isHost ? live?.stream : remote?.live ? remote.stream : undefined;
  const source = isHost ? live?.source : remote?.source;

  return (
    <>
      {stream ? (
        <div className={styles.liveStage} data-testid="live-stage">
          <LiveVideo stream={stream} mirrored={isHost && source === 'camera'} />
          <div className={styles.liveOverlay}>
            <span className={styles.liveBadge}>LIVE</span>
            <span className={styles.liveWho}>
              {isHost ? 'You are live' : hostName}
              {source ? ` · ${sourceLabel[source]}` : ''}
            </span>
          </div>
          {isHost ? (
            <div className={styles.liveControls}>
              {source === 'camera' ? (
                <Button size="sm" variant="secondary" busy={busy} onClick={() => void go('screen')} data-testid="switch-to-screen">
                  <Icon name="screen" size={15} /> Share screen instead
                </Button>
              ) : (
                <Button size="sm" variant="secondary" busy={busy} onClick={() => void go('camera')} data-testid="switch-to-camera">
                  <Icon name="video" size={15} /> Use camera instead
                </Button>
              )}
              <Button size="sm" variant="danger" onClick={() => void stopLive()} data-testid="end-live">
                End stream
              </Button>
            </div>
          ) : null}
        </div>
      ) : isHost ? (
        <div className={styles.goLiveBar}>
          <span>
            <Icon name="video" size={16} /> Stream your camera or share your screen with the lobby.
          </span>
          <Button size="sm" onClick={() => setStartOpen(true)} data-testid="go-live">
            Go live
          </Button>
        </div>
      ) : null}
      <LiveStartModal open={startOpen} busy={busy} onClose={() => setStartOpen(false)} onStart={(s) => void go(s)} />
      <Dialog open={!!liveError} onOpenChange={(o) => !o && clearLiveError()} size="sm" title={liveError?.title ?? ''} testId="live-error">
        <p className={styles.modalText}>
          {liveError?.message ?? 'Check that your browser may use the camera or share the screen, then try again.'}
        </p>
        <Button block onClick={clearLiveError}>
          OK
        </Button>
      </Dialog>
    </>
  );
}

function LiveVideo({ stream, mirrored }: { stream: MediaStream; mirrored: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.srcObject = stream;
    void el.play().catch(() => undefined);
  }, [stream]);
  return (
    <video
      ref={ref}
      className={`${styles.liveVideo} ${mirrored ? styles.mirrored : ''}`}
      autoPlay
      playsInline
      muted
      data-testid="live-video"
    />
  );
}

/** Spec section 1: live stream modes, camera or screen share (entire screen, window or tab). */
export function LiveStartModal({
  open,
  busy,
  onClose,
  onStart,
}: {
  open: boolean;
  busy: boolean;
  onClose(): void;
  onStart(source: LiveSource): void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} size="sm" title="Start a live stream" testId="live-start-modal">
      <p className={styles.modalText}>Everyone in the lobby sees your stream. Switching ends the other one.</p>
      <div className={styles.sourceChoices}>
        <button className={styles.sourceChoice} disabled={busy} onClick={() => onStart('camera')} data-testid="live-camera">
          <Icon name="video" size={26} />
          <strong>Camera</strong>
          <small>Stream yourself in HD (1280×720).</small>
        </button>
        <button className={styles.sourceChoice} disabled={busy} onClick={() => onStart('screen')} data-testid="live-screen">
          <Icon name="screen" size={26} />
          <strong>Screen share</strong>
          <small>Your entire screen, a window or a browser tab.</small>
        </button>
      </div>
    </Dialog>
  );
}
