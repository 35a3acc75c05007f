// The lobby's voice and video follow its state: a seat gives the right to talk (the main host's
// also to stream), the mic is on unless muted, muted members are never played, and leaving the
// page leaves the media. The session itself is joined with the join answer (LobbyPage).
import { useEffect } from 'react';
import type { LobbyDetails } from '../../lobby/lobbyApi.ts';
import { leaveMedia, setMediaRights, setMicrophone, setMutedPeers } from '../../media/port.ts';

export function useLobbyMedia(lobby: LobbyDetails | null, uid: string | null): void {
  const me = lobby?.members.find((m) => m.uid === uid) ?? null;
  const seated = me?.seat !== null && me?.seat !== undefined;
  const mainHost = seated && !!uid && lobby?.hostUid === uid;
  const micOn = seated && !me?.muted;
  const muted =
    lobby?.members
      .filter((m) => m.muted)
      .map((m) => m.uid)
      .join(' ') ?? '';

  useEffect(() => {
    void setMediaRights({ audio: seated, video: mainHost });
  }, [seated, mainHost]);
  useEffect(() => {
    void setMicrophone(micOn);
  }, [micOn]);
  useEffect(() => setMutedPeers(muted ? muted.split(' ') : []), [muted]);
  useEffect(() => () => void leaveMedia(), []);
}
