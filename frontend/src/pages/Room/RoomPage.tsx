// A private timed room: join with its fee, the host starts it, a countdown to its end, end and
// closure; voice through the media port (WebRTC or Agora, loaded lazily); gifts to the other person.
import { publicEventOf } from '@murmur/contracts/public-events';
import { channels } from '@murmur/contracts/realtime';
import { texts } from '@murmur/contracts/errors';
import { lobbyTexts } from '@murmur/contracts/lobbies';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { useBalance } from '../../api/me.ts';
import { useChannel, useReconnected } from '../../api/realtime.ts';
import { actingUid, useSession } from '../../api/session.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { GiftAnimation, useGiftQueue } from '../../gifting/GiftAnimation.tsx';
import { GiftPanel } from '../../gifting/GiftPanel.tsx';
import { joinMedia, leaveMedia, resumeAudio, setMediaRights, setMicrophone, useMedia } from '../../media/port.ts';
import { VoiceStatus } from '../../lobby/VoiceStatus.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { useNow } from '../../state/now.ts';
import { toast, useUi } from '../../state/ui.ts';
import { AudioResumeNotice, ClosureModal, EndRoomModal } from '../Lobby/LobbyModals.tsx';
import { isRoomFull } from '../Lobby/RoomList.tsx';
import { RoomChat } from './RoomChat.tsx';
import styles from './Room.module.css';

function useSecondsLeft(endsAt: string | null): number | null {
  const now = useNow(endsAt !== null);
  return endsAt ? Math.max(0, Math.floor((Date.parse(endsAt) - now) / 1000)) : null;
}

export default function RoomPage() {
  const { roomId = '' } = useParams();
  const [search] = useSearchParams();
  const inviteKey = search.get('key');
  const navigate = useNavigate();
  // A visitor until the terms step is done (signing in from this page opens it).
  const uid = useSession(actingUid);
  const openLogin = useUi((s) => s.setLoginOpen);
  // Outsiders cannot listen to the room's channel (members only), so they poll until they join.
  const {
    data: room,
    error,
    mutate,
  } = useQuery(api.lobbies.room.path({ id: roomId }), {
    dedupingInterval: 0,
    refreshInterval: (r) => (r && uid && (r.hostUid === uid || r.users.some((u) => u.uid === uid)) ? 0 : 10_000),
  });
  const { diamonds } = useBalance();
  const voice = useMedia();
  const [busy, setBusy] = useState(false);
  const [endOpen, setEndOpen] = useState(false);
  const [giftOpen, setGiftOpen] = useState(false);
  const queue = useGiftQueue();
  const left = useSecondsLeft(room?.status === 'started' ? room.endsAt : null);

  const reload = useCallback(
    (position?: string) =>
      void mutate(api.lobbies.room({ id: roomId }, { minPosition: position, quiet: true }), { revalidate: false }).catch(() => undefined),
    [mutate, roomId],
  );
  const member = !!room && !!uid && (room.hostUid === uid || room.users.some((u) => u.uid === uid));
  useChannel(roomId && member ? channels.roomAll(roomId) : null, {
    onEvent: (m) => {
      const gift = publicEventOf(m.event, 'GiftSent');
      if (gift && room) {
        const d = gift.data;
        queue.offer(
          {
            id: m.position,
            giftName: d.giftName,
            quantity: d.quantity,
            senderUid: d.senderUid,
            recipients: d.recipients,
            sentAt: Date.parse(d.sentAt),
          },
          { hostUid: room.hostUid, cohostUids: [], activeUids: room.users.map((u) => u.uid) },
        );
        void refreshQueries('/wallet/balance');
        return;
      }
      reload(m.position);
    },
    onResync: () => reload(),
  });
  useReconnected(() => reload());
  // Signing in from the room's link: read the room again as the new account.
  useEffect(() => {
    if (uid) void mutate();
  }, [uid, mutate]);
  // The scheduler ends the room at its time; re-read then even if the event is late.
  useEffect(() => {
    if (left === 0) reload();
  }, [left, reload]);

  const open = room && (room.status === 'waiting' || room.status === 'started');

  // Both people in a room talk; the session is joined once and left with the page or the room.
  const lobbyOfRoom = room?.lobbyId;
  useEffect(() => {
    if (!lobbyOfRoom || !member || !open || !uid) {
      if (!open) void leaveMedia();
      return;
    }
    const session = () => api.lobbies.refreshMediaToken({ tokenType: 'rtc', lobbyId: lobbyOfRoom, roomId }, { quiet: true });
    void setMediaRights({ audio: true, video: false });
    void setMicrophone(true);
    void session()
      .then((t) => joinMedia(t.media, uid, () => session().then((s) => s.media)))
      .catch(() => undefined);
  }, [roomId, lobbyOfRoom, member, open, uid]);
  useEffect(() => () => void leaveMedia(), []);

  // A visitor may open a room's link (spec: visitors stay on room paths), but only people signed in read a room.
  if (error && !room && !uid && (error as ApiCallError).status === 401) {
    return (
      <div className={styles.page}>
        <EmptyState icon="🔒" title={lobbyTexts.roomSignIn} action={<Button onClick={() => openLogin(true)}>Sign in</Button>} />
      </div>
    );
  }
  if (error && !room) {
    return (
      <div className={styles.page}>
        <EmptyState icon="🔒" title={lobbyTexts.roomNotFound} action={<Button onClick={() => navigate('/')}>Back to home</Button>}>
          The link may be wrong or the room has ended.
        </EmptyState>
      </div>
    );
  }
  if (!room) return <PageLoading />;

  const join = async () => {
    if (!uid) return openLogin(true);
    setBusy(true);
    try {
      // With the invite key anyone may join; without it, only members of the room's lobby.
      const answer = inviteKey
        ? await api.lobbies.joinRoomByKey({ id: room.roomId, key: inviteKey }, { quiet: true })
        : await api.lobbies.joinRoom({ id: room.lobbyId, roomId: room.roomId }, { quiet: true });
      reload(answer.position);
      setTimeout(() => reload(), 1000);
      setTimeout(() => reload(), 3000);
      void refreshQueries('/wallet/balance', '/transaction/me');
    } catch (e) {
      const err = e as ApiCallError;
      toast(err.code === 'INSUFFICIENT_BALANCE' ? err.message : texts.joinFailed, 'error');
      // Spec section 4: a failed room join returns the user home.
      navigate('/');
    } finally {
      setBusy(false);
    }
  };

  const host = room.users.find((u) => u.uid === room.hostUid);
  const guest = room.users.find((u) => u.uid !== room.hostUid);
  const isHost = uid === room.hostUid;
  const mm = left === null ? null : `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
  const other = isHost ? guest : host;
  const full = isRoomFull(room);
  // An outsider's read leaves out who is inside (that stays with the room's members): only how many.
  const peopleHidden = room.users.length === 0 && room.userCount > 0;
  const leave = async () => {
    await api.lobbies.leaveRoom({ id: room.lobbyId, roomId: room.roomId }).catch(() => undefined);
    await leaveMedia();
    navigate(`/lobby/${room.lobbyId}`);
  };

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <div className={styles.top}>
          <span className={styles.badge}>
            <Icon name="lock" size={13} /> Private room · {room.mins} min
          </span>
          {room.requiredBalance > 0 ? (
            <span className={styles.badge} data-testid="room-fee">
              <Icon name="diamond" size={13} />{' '}
              {isHost ? `Guests pay ${room.requiredBalance.toLocaleString()} to join` : `Entry ${room.requiredBalance.toLocaleString()}`}
            </span>
          ) : null}
          <span className={`${styles.state} ${styles[`state_${room.status}`]}`} data-testid="room-status">
            {room.status === 'waiting' ? 'Waiting to start' : room.status === 'started' ? 'Live' : 'Ended'}
          </span>
        </div>
        <h1 className={styles.title} data-testid="room-title">
          {room.title}
        </h1>
        {mm ? (
          <div className={styles.countdown} data-testid="room-countdown">
            <Icon name="clock" size={20} /> {mm}
          </div>
        ) : null}
        <div className={styles.pair}>
          {[host, guest].map((p, i) => (
            <div key={i} className={styles.person}>
              {p ? (
                <Avatar name={p.username} src={p.profilePicUrl} size={84} ring={voice.speaking.includes(p.uid)} />
              ) : (
                <span className={styles.emptySeat}>?</span>
              )}
              <strong>{p?.username ?? (peopleHidden && (i === 0 || full) ? 'In the room' : 'Waiting for a guest')}</strong>
              <small>{i === 0 ? 'Host' : 'Guest'}</small>
            </div>
          ))}
        </div>
        <div className={styles.voice}>
          <VoiceStatus />
        </div>
        <div className={styles.actions}>
          {!member && open && full ? (
            <p className={styles.full} data-testid="room-full">
              This room is full: it is one-on-one and its guest is already in.
            </p>
          ) : null}
          {!member && open && !full ? (
            <Button size="lg" busy={busy} onClick={join} data-testid="join-room">
              {room.requiredBalance > 0 ? (
                <>
                  Join for <Icon name="diamond" size={14} /> {room.requiredBalance.toLocaleString()}
                </>
              ) : (
                'Join room'
              )}
            </Button>
          ) : null}
          {!member && open && !full && room.requiredBalance > 0 ? (
            <span className={styles.balance}>You have {(diamonds ?? 0).toLocaleString()} diamonds</span>
          ) : null}
          {isHost && room.status === 'waiting' ? (
            <Button
              size="lg"
              onClick={() =>
                void api.lobbies
                  .startRoomById({ id: room.roomId })
                  .then((a) => reload(a.position))
                  .catch(() => undefined)
              }
              data-testid="start-room"
            >
              Start room
            </Button>
          ) : null}
          {member && open && voice.state === 'connected' ? (
            <Button
              size="lg"
              variant={voice.micOn ? 'primary' : 'secondary'}
              onClick={() => void setMicrophone(!voice.micOn)}
              data-testid="toggle-mic"
            >
              <Icon name={voice.micOn ? 'mic' : 'micOff'} size={16} /> {voice.micOn ? 'Mic on' : 'Mic off'}
            </Button>
          ) : null}
          {member && other ? (
            <Button size="lg" variant="secondary" onClick={() => setGiftOpen(true)}>
              <Icon name="gift" size={16} /> Gift
            </Button>
          ) : null}
          {isHost && open && inviteKey ? (
            <Button
              size="lg"
              variant="secondary"
              onClick={() =>
                void navigator.clipboard
                  .writeText(window.location.href)
                  .then(() => toast('Room link copied', 'success'))
                  .catch(() => toast(window.location.href, 'info'))
              }
            >
              <Icon name="share" size={16} /> Copy invite link
            </Button>
          ) : null}
          {isHost && open ? (
            <Button size="lg" variant="danger" onClick={() => setEndOpen(true)} data-testid="end-private-room">
              End room
            </Button>
          ) : null}
          {member && !isHost && open ? (
            <Button size="lg" variant="secondary" onClick={() => void leave()} data-testid="leave-room">
              Leave
            </Button>
          ) : null}
        </div>
        {member && uid ? <RoomChat room={room} uid={uid} onChanged={reload} /> : null}
      </div>
      <GiftAnimation queue={queue} nameOf={(u) => room.users.find((x) => x.uid === u)?.username ?? u.slice(0, 8)} />
      {giftOpen && other ? (
        <GiftPanel
          open
          onClose={() => setGiftOpen(false)}
          candidates={[{ ...other, label: isHost ? 'Guest' : 'Host' }]}
          defaultRecipients={[other.uid]}
          roomId={room.roomId}
          lobbyId={room.lobbyId}
        />
      ) : null}
      <EndRoomModal
        open={endOpen}
        onClose={() => setEndOpen(false)}
        onEnd={async () => {
          const a = await api.lobbies.endRoomById({ id: room.roomId });
          setEndOpen(false);
          reload(a.position);
        }}
      />
      <ClosureModal open={room.status === 'ended' || room.status === 'terminated'} title={room.title} />
      <AudioResumeNotice open={voice.audioBlocked} onResume={resumeAudio} />
    </div>
  );
}
