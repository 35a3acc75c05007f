// The voice of a booked session's room: while the session is live its host and its buyer join the
// same media a private room has (the voice module: Agora or the built-in WebRTC), both talking; the
// page leaving, or the session ending, leaves it.
import { useEffect } from 'react';
import { api } from '../api/api.generated.ts';
import { joinMedia, leaveMedia, setMediaRights, setMicrophone } from '../media/port.ts';

export function useSessionVoice(bookingId: string, live: boolean, uid: string | null): void {
  useEffect(() => {
    if (!live || !uid) {
      void leaveMedia();
      return;
    }
    const session = () => api.booking.voice({ id: bookingId }, { quiet: true });
    void setMediaRights({ audio: true, video: false });
    void setMicrophone(true);
    void session()
      .then((answer) => joinMedia(answer.media, uid, () => session().then((s) => s.media)))
      .catch(() => undefined);
  }, [bookingId, live, uid]);
  useEffect(() => () => void leaveMedia(), []);
}
