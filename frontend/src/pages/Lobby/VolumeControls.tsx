// Per-user volume and mutes for the people on the stage (the auth state's volumes and mutes,
// default 100): applied at once to what this browser plays.
import { useState } from 'react';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import type { LobbyMember } from '../../lobby/lobbyApi.ts';
import { mutedByMe, setMutedByMe, setVolume, useVolumes, volumeOf } from '../../media/volumes.ts';
import styles from './Media.module.css';

export function VolumeButton({ members, uid }: { members: LobbyMember[]; uid: string | null }) {
  const [open, setOpen] = useState(false);
  const volumes = useVolumes();
  const others = members.filter((m) => m.uid !== uid && m.seat !== null).sort((a, b) => (a.seat ?? 0) - (b.seat ?? 0));
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="open-volumes">
        <Icon name="volume" size={16} /> Sound
      </Button>
      <Dialog open={open} onOpenChange={setOpen} size="sm" title="Sound" testId="volumes-modal">
        {others.length === 0 ? <p className={styles.modalText}>Nobody else is on a seat yet.</p> : null}
        <ul className={styles.volumeList}>
          {others.map((m) => {
            const muted = mutedByMe(m.uid, volumes);
            const volume = volumeOf(m.uid, volumes);
            return (
              <li key={m.uid} className={styles.volumeRow} data-testid={`volume-${m.uid}`}>
                <Avatar name={m.username} src={m.profilePicUrl} size={32} />
                <span className={styles.volumeName}>{m.username}</span>
                <input
                  type="range"
                  min={0}
                  max={100}
                  value={muted ? 0 : volume}
                  disabled={muted}
                  aria-label={`Volume of ${m.username}`}
                  onChange={(e) => setVolume(m.uid, Number(e.target.value))}
                />
                <span className={styles.volumeValue}>{muted ? 'Muted' : volume}</span>
                <button
                  className={styles.muteToggle}
                  onClick={() => setMutedByMe(m.uid, !muted)}
                  aria-label={muted ? `Unmute ${m.username}` : `Mute ${m.username}`}
                  aria-pressed={muted}
                >
                  <Icon name={muted ? 'micOff' : 'volume'} size={16} />
                </button>
              </li>
            );
          })}
        </ul>
      </Dialog>
    </>
  );
}
