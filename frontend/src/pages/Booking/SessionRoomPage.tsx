// /booking/:bookingId: the private timed room of a booked session, for its two people only. It
// opens at the start (the server's scheduler), counts down to the end, lets the buyer extend by one
// more session, and at the end shows what the host was paid. While it is open the two talk (voice as
// in a private room).
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiCallError, newIdempotencyKey } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { actingUid, useSession } from '../../api/session.ts';
import { statusLabels, when } from '../../booking/bookingWords.ts';
import { useSessionVoice } from '../../booking/useSessionVoice.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { VoiceStatus } from '../../lobby/VoiceStatus.tsx';
import { AudioResumeNotice } from '../Lobby/LobbyModals.tsx';
import { resumeAudio, setMicrophone, useMedia } from '../../media/port.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useNow } from '../../state/now.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import styles from './Booking.module.css';

const clock = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

export default function SessionRoomPage() {
  const { bookingId = '' } = useParams();
  const path = api.booking.detail.path({ id: bookingId });
  const { data: b, error, isLoading } = useQuery(path, { refreshInterval: 2000 });
  const now = useNow();
  const [busy, setBusy] = useState(false);
  const uid = useSession(actingUid);
  useSessionVoice(bookingId, b?.status === 'live', uid);
  const voice = useMedia();
  if (isLoading) return <PageLoading />;
  if (error || !b)
    return (
      <EmptyState icon="🔒" title="Booking not found">
        Only the host and the buyer of a booking can open its room.
      </EmptyState>
    );

  const extend = async () => {
    setBusy(true);
    try {
      await api.booking.extend({ id: bookingId }, { quiet: true, idempotencyKey: newIdempotencyKey() });
      toast('Session extended: the host stays with you for one more session.', 'success');
      await refreshQueries(path, '/booking/', '/wallet/');
    } catch (e) {
      toast(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };
  const left = Date.parse(b.endsAt) - now;
  return (
    <div>
      <PageHeader
        title={b.title}
        subtitle={`${when(b.startsAt, b.endsAt)} · ${statusLabels[b.status]}`}
        actions={<Link to="/booking">All bookings</Link>}
      />
      <section className={styles.room} data-testid="session-room" data-status={b.status}>
        <div className={styles.pair}>
          {[b.host, b.buyer].map((u, i) => (
            <div key={u.uid} className={styles.person}>
              <Avatar
                name={u.username}
                src={u.profilePicUrl}
                frame={u.appearance?.frameId ?? null}
                size={72}
                ring={b.status === 'live' && voice.speaking.includes(u.uid)}
              />
              <strong>{u.username}</strong>
              <span className={styles.dim}>{i === 0 ? 'Host' : 'Guest'}</span>
            </div>
          ))}
        </div>
        {b.status === 'booked' ? (
          <p data-testid="session-waiting">
            The room opens at {new Date(b.startsAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.
          </p>
        ) : null}
        {b.status === 'live' ? (
          <>
            <p>Private room open for the two of you</p>
            <div className={styles.clock} data-testid="session-clock">
              {clock(left)}
            </div>
            <VoiceStatus />
            <div className={styles.actions}>
              {voice.state === 'connected' ? (
                <Button
                  variant={voice.micOn ? 'primary' : 'secondary'}
                  onClick={() => void setMicrophone(!voice.micOn)}
                  data-testid="toggle-mic"
                >
                  <Icon name={voice.micOn ? 'mic' : 'micOff'} size={16} /> {voice.micOn ? 'Mic on' : 'Mic off'}
                </Button>
              ) : null}
              {b.role === 'buyer' ? (
                <Button busy={busy} onClick={() => void extend()} data-testid="extend-session">
                  Extend the session
                </Button>
              ) : null}
            </div>
          </>
        ) : null}
        {b.status === 'completed' ? (
          <p data-testid="session-ended">
            Session ended.{' '}
            {b.role === 'host'
              ? `You earned ${(b.charm ?? 0).toLocaleString()} charm.`
              : `${b.host.username} was paid ${b.price.toLocaleString()} 💎.`}
          </p>
        ) : null}
        {b.status === 'cancelled' ? <p>This booking was cancelled; the diamonds went back to the buyer.</p> : null}
      </section>
      <AudioResumeNotice open={voice.audioBlocked} onResume={resumeAudio} />
    </div>
  );
}
