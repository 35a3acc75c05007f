// The lobby: stage with seats, host/cohost/audience lists, the mic queue, chat, leaderboards, gifts
// and their animation, share, settings and the end/closure flows. Live through the gateway; the
// lobby is re-read after every reconnect (seats are server truth).
import { texts } from '@murmur/contracts/errors';
import { lobbyTexts } from '@murmur/contracts/lobbies';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useLobbyLevels } from '../Progression/progressionApi.ts';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { useBalance } from '../../api/me.ts';
import { actingUid, useSession } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { GiftAnimation, useGiftQueue } from '../../gifting/GiftAnimation.tsx';
import { GiftPanel } from '../../gifting/GiftPanel.tsx';
import { backgroundFor } from '../../lobby/backgrounds.ts';
import { lobbyActions, memberCommand, type JoinAnswer } from '../../lobby/lobbyActions.ts';
import { lobbyView, type LobbyMember } from '../../lobby/lobbyApi.ts';
import { isLobbyStaff, seatLabel, type MemberAction } from '../../lobby/permissions.ts';
import { applyToolEvent, withOwnVote, type ToolEvent } from '../../lobby/lobbyTools.ts';
import { useRejoin } from '../../lobby/useRejoin.ts';
import { joinMedia, leaveMedia, resumeAudio, setMicrophone, useMedia } from '../../media/port.ts';
import { useVipEntrances, VipEntrance } from '../../lobby/VipEntrance.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { readLocal, writeLocal } from '../../state/store.ts';
import { toast, useUi } from '../../state/ui.ts';
import { ChatPanel, type ChatMessage } from './ChatPanel.tsx';
import { historyLine } from './chatLines.ts';
import { Leaderboard } from './Leaderboard.tsx';
import { LiveStage } from './LiveStage.tsx';
import { PinnedMessage } from './PinnedMessage.tsx';
import { PollCard, ToolResults, ToolsModal } from './LobbyTools.tsx';
import { RejoinNotice } from './RejoinNotice.tsx';
import {
  AudioResumeNotice,
  BlockModal,
  ClosureModal,
  CreateRoomModal,
  EndRoomModal,
  JoinFeeModal,
  MatureWarningModal,
} from './LobbyModals.tsx';
import { RoomList } from './RoomList.tsx';
import { LobbyBanner } from '../../lobby/LobbyBanner.tsx';
import { ShareModal } from './ShareModal.tsx';
import { ReportDialog } from '../../moderation/ReportDialog.tsx';
import { Stage } from './Stage.tsx';
import { LobbyHeader } from './LobbyHeader.tsx';
import { PeoplePanel } from './PeoplePanel.tsx';
import { AudienceStrip, MicQueue } from './StagePanels.tsx';
import { useLobbyEvents } from './useLobbyEvents.ts';
import { useLobbyMedia } from './useLobbyMedia.ts';
import { VolumeButton } from './VolumeControls.tsx';
import { VisitorBanner } from './VisitorBanner.tsx';
import styles from './Lobby.module.css';

const MATURE_KEY = 'murmur.matureConsent';
// A signed-in non-member of a private lobby is refused (403) and sent home, told why there.
const detailOptions = { dedupingInterval: 0, forbiddenNotice: lobbyTexts.privateInviteOnly };
const isMature = (s: string) => /\b(18\+|nsfw|mature)\b/i.test(s) || s.includes('18+');

export default function LobbyPage() {
  const { lobbyId = '' } = useParams();
  const [search] = useSearchParams();
  const inviteId = search.get('invite');
  const navigate = useNavigate();
  // A visitor until the terms step is done (signing in from this page opens it).
  const uid = useSession(actingUid);
  const termsPending = useSession((s) => !!s.claims && !s.claims.onboarded);
  const openLogin = useUi((s) => s.setLoginOpen);
  // A private lobby is read by its members; an invite lets its holder see it before joining.
  const detailQuery = useMemo(() => ({ invite: inviteId ?? undefined }), [inviteId]);
  const { data: detail, error, mutate } = useQuery(api.lobbies.detail.path({ id: lobbyId }, detailQuery), detailOptions);
  const lobby = useMemo(() => (detail ? lobbyView(detail) : null), [detail]);
  const lobbyRef = useRef(lobby);
  lobbyRef.current = lobby;
  const { diamonds } = useBalance();
  const voice = useMedia();

  const { data: lobbyLevels } = useLobbyLevels(lobbyId ? [lobbyId] : []);
  const [joined, setJoined] = useState<JoinAnswer | null>(null);
  const [needsFee, setNeedsFee] = useState(false);
  const [chat, setChat] = useState<ChatMessage[]>([]);
  const [lbPosition, setLbPosition] = useState<string | null>(null);
  const [giftOpen, setGiftOpen] = useState(false);
  const [giftTo, setGiftTo] = useState<string[]>([]);
  const [shareOpen, setShareOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [endOpen, setEndOpen] = useState(false);
  const [ended, setEnded] = useState(false);
  const [endNote, setEndNote] = useState<string | null>(null);
  const [roomOpen, setRoomOpen] = useState(false);
  const [toolsOpen, setToolsOpen] = useState(false);
  const [hiddenPoll, setHiddenPoll] = useState<string | null>(null);
  const [blocking, setBlocking] = useState<LobbyMember | null>(null);
  const [matureOk, setMatureOk] = useState(() => readLocal(MATURE_KEY) === '1');
  const queue = useGiftQueue();
  const { current: entrance, announce: announceEntrance, done: entranceDone } = useVipEntrances();

  /** Re-reads the lobby at least at `position` (an event we saw, or our own command). */
  const reload = useCallback(
    (position?: string) =>
      void mutate(api.lobbies.detail({ id: lobbyId }, detailQuery, { minPosition: position, quiet: true }), { revalidate: false }).catch(
        () => undefined,
      ),
    [mutate, lobbyId, detailQuery],
  );

  // Join once the lobby is known: pay its fee after confirmation; a failed join goes home.
  const joinStarted = useRef(false);
  const doJoin = useCallback(async () => {
    joinStarted.current = true;
    setNeedsFee(false);
    try {
      const answer = await lobbyActions.join(lobbyId, inviteId);
      setJoined(answer);
      reload(answer.position);
      // Spec section 4: join is followed by re-reads after 1 s and 3 s.
      setTimeout(() => reload(), 1000);
      setTimeout(() => reload(), 3000);
      void refreshQueries('/wallet/balance');
      void joinMedia(answer.media, uid ?? '', () => lobbyActions.refreshMediaToken(lobbyId).then((t) => t.media));
    } catch (e) {
      const err = e as ApiCallError;
      if (inviteId && (err.code === 'NOT_FOUND' || err.message === texts.invalidInvite)) {
        // 'Invalid invite link redirecting you back shortly.': the redirect follows the message.
        toast(texts.invalidInvite, 'error');
        setTimeout(() => navigate('/'), 3000);
        return;
      }
      toast(err.code === 'INSUFFICIENT_BALANCE' ? err.message : texts.joinFailed, 'error');
      navigate('/');
    }
  }, [lobbyId, inviteId, navigate, reload, uid]);

  useEffect(() => {
    if (!lobby || !uid || joinStarted.current || lobby.status === 'ended' || lobby.status === 'terminated') return;
    const free = lobby.requiredDiamonds === 0 || lobby.viewer?.inside || lobby.ownerUid === uid;
    if (free) void doJoin();
    else setNeedsFee(true);
  }, [lobby, uid, doJoin]);

  const rejoin = useRejoin(lobby, !!joined, doJoin);

  // Chat history once readable (a private lobby's after joining); live messages arrive on the lobby channel.
  const chatReadable = !!lobby && (lobby.kind !== 'private' || !!joined || !!lobby.viewer?.inside || !!lobby.viewer?.isStaff);
  useEffect(() => {
    if (!chatReadable) return;
    void api.lobbies
      .chatHistory({ id: lobbyId }, { limit: 50 }, { quiet: true })
      .then((h) => setChat(h.items.reverse().map(historyLine)))
      .catch(() => undefined);
  }, [lobbyId, chatReadable]);

  const nameOf = useCallback((u: string) => lobbyRef.current?.members.find((m) => m.uid === u)?.username ?? u.slice(0, 8), []);

  // The interactive tools: read with the chat (same access), then followed live.
  const { data: tools, mutate: mutateTools } = useQuery(chatReadable ? api.lobbies.tools.path({ id: lobbyId }) : null, { quiet: true });
  const reloadTools = useCallback(
    (position?: string) =>
      void mutateTools(api.lobbies.tools({ id: lobbyId }, { minPosition: position, quiet: true }), { revalidate: false }).catch(
        () => undefined,
      ),
    [mutateTools, lobbyId],
  );
  const cardOf = useCallback((u: string) => {
    const m = lobbyRef.current?.members.find((x) => x.uid === u);
    return { uid: u, username: m?.username ?? u.slice(0, 8), profilePicUrl: m?.profilePicUrl ?? null };
  }, []);

  const applyTool = useCallback(
    (event: ToolEvent, position: string) =>
      void mutateTools((current) => applyToolEvent(current, event, position, uid, cardOf), { revalidate: false }),
    [mutateTools, uid, cardOf],
  );
  const lobbyEnded = useCallback((note: string | null) => {
    if (note) setEndNote(note);
    setEnded(true);
  }, []);
  const joinAgain = useCallback(() => void doJoin(), [doJoin]);
  // A private lobby's channel is for its members: listen once inside.
  const mayListen = !!lobby && (lobby.kind !== 'private' || !!joined || !!lobby.viewer?.inside);
  useLobbyEvents({
    lobbyId,
    uid,
    lobbyRef,
    mayListen,
    joined: !!joined,
    joinStarted,
    reload,
    reloadTools,
    applyTool,
    queue,
    announceEntrance,
    setChat,
    giftedAt: setLbPosition,
    ended: lobbyEnded,
    rejoin: joinAgain,
  });

  const me = lobby?.members.find((m) => m.uid === uid) ?? null;
  const seated = me?.seat !== null && me?.seat !== undefined;
  useLobbyMedia(lobby, uid);

  if (error && !lobby && !uid && (error as ApiCallError).status === 401) {
    return (
      <div className={styles.center}>
        <EmptyState icon="🔒" title={lobbyTexts.privateSignIn} action={<Button onClick={() => openLogin(true)}>Sign in</Button>} />
      </div>
    );
  }
  if (error && !lobby) {
    const status = (error as ApiCallError).status;
    // A 403 is on its way home with the same words as a notice; until the home page has loaded, this
    // page says them too rather than a reason that is not the one.
    return (
      <div className={styles.center}>
        <EmptyState
          icon={status === 403 ? '🔒' : '🔇'}
          title={
            status === 404 ? 'This lobby does not exist.' : status === 403 ? lobbyTexts.privateInviteOnly : 'This lobby is not available'
          }
          action={<Button onClick={() => navigate('/')}>Back to home</Button>}
        >
          {status === 403 ? null : 'It may have ended or moved. Find another lobby on the home page.'}
        </EmptyState>
      </div>
    );
  }
  if (!lobby) return <PageLoading />;

  const staff = isLobbyStaff(lobby, uid);
  const inQueue = lobby.queue.some((q) => q.uid === uid);
  const hosts = lobby.members.filter((m) => m.role === 'host');
  const cohosts = lobby.members.filter((m) => m.role === 'cohost');
  const audience = lobby.members.filter((m) => m.role === 'audience');
  const giftCandidates = lobby.members
    .filter((m) => m.uid !== uid && (m.role !== 'audience' || m.presence !== 'offline'))
    .sort((a, b) => (a.seat ?? 99) - (b.seat ?? 99))
    .map((m) => ({ ...m, label: m.seat !== null ? seatLabel(lobby, m) : 'Audience' }));
  const mature = isMature(`${lobby.title} ${lobby.tag}`) && !matureOk;

  const act = async (action: MemberAction, member: LobbyMember) => {
    if (action === 'profile') return navigate(`/profile?uid=${encodeURIComponent(member.uid)}`);
    if (action === 'block') return setBlocking(member);
    if ((action === 'micOn' || action === 'micOff') && member.uid === uid) void setMicrophone(action === 'micOn');
    const done = memberCommand(lobbyId, action, member.uid);
    if (!done) return;
    try {
      const answer = await done;
      if (answer.message) toast(answer.message, 'success');
      reload(answer.position);
    } catch {
      /* the client showed the server's message */
    }
  };

  const requestMic = () => {
    if (inQueue) return;
    void lobbyActions
      .requestMic(lobbyId)
      .then(() => {
        toast('Mic requested. The host will let you in.', 'success');
        reload();
      })
      .catch(() => undefined);
  };

  const openGift = (to: string[]) => {
    if (!uid) return openLogin(true);
    setGiftTo(to);
    setGiftOpen(true);
  };

  const leave = async () => {
    rejoin.suspend();
    await lobbyActions.leave(lobbyId).catch(() => undefined);
    await leaveMedia();
    navigate('/');
  };

  return (
    <div className={styles.page} style={{ background: `${backgroundFor(lobby.backgroundId)}` }}>
      <div className={styles.shade} />
      <section className={styles.main}>
        <LobbyHeader
          lobbyId={lobbyId}
          lobby={lobby}
          level={lobbyLevels?.items[0]?.level}
          uid={uid}
          staff={staff}
          onShare={() => setShareOpen(true)}
          onReport={() => setReportOpen(true)}
          onEnd={() => setEndOpen(true)}
          onLeave={leave}
        />
        {uid ? null : <VisitorBanner termsPending={termsPending} />}
        <LobbyBanner />
        <PinnedMessage
          message={lobby.pinnedMessage}
          canUnpin={staff}
          onUnpin={() =>
            void lobbyActions
              .pin(lobbyId, null)
              .then((a) => reload(a.position))
              .catch(() => undefined)
          }
        />
        {lobby.description ? <p className={styles.description}>{lobby.description}</p> : null}

        <LiveStage lobby={lobby} uid={uid} />
        <Stage
          lobby={lobby}
          viewerUid={uid}
          speaking={voice.speaking}
          onAction={act}
          emptySeat={
            seated
              ? null
              : uid
                ? { label: inQueue ? 'Mic requested' : 'Request mic', onSelect: requestMic }
                : { label: 'Sign in to talk', onSelect: () => openLogin(true) }
          }
        />

        <AudienceStrip audience={audience} />

        {staff ? (
          <MicQueue
            queue={lobby.queue}
            onAccept={(q) =>
              void lobbyActions
                .grantMic(lobbyId, q)
                .then(() => reload())
                .catch(() => undefined)
            }
            onRemove={(q) =>
              void lobbyActions
                .removeFromQueue(lobbyId, q)
                .then(() => reload())
                .catch(() => undefined)
            }
          />
        ) : null}

        {tools?.poll && tools.poll.pollId !== hiddenPoll ? (
          <PollCard
            lobbyId={lobbyId}
            poll={tools.poll}
            canVote={!!me && !me.silenced}
            canClose={staff || tools.poll.openedBy.uid === uid}
            onVoted={(option) => void mutateTools((current) => withOwnVote(current, tools.poll!.pollId, option), { revalidate: false })}
            onDismiss={() => setHiddenPoll(tools.poll!.pollId)}
          />
        ) : null}
        <ToolResults recent={tools?.recent ?? []} />

        <RoomList rooms={lobby.rooms} viewerUid={uid} />

        <div className={styles.controls} data-testid="lobby-controls">
          {uid ? (
            seated ? (
              <Button
                variant={me?.muted ? 'secondary' : 'primary'}
                onClick={() => me && void act(me.muted ? 'micOn' : 'micOff', me)}
                data-testid="toggle-mic"
              >
                <Icon name={me?.muted ? 'micOff' : 'mic'} size={16} /> {me?.muted ? 'Mic off' : 'Mic on'}
              </Button>
            ) : (
              <Button variant="secondary" disabled={inQueue} onClick={requestMic} data-testid="request-mic">
                <Icon name="mic" size={16} /> {inQueue ? 'Mic requested' : 'Request mic'}
              </Button>
            )
          ) : (
            <Button onClick={() => openLogin(true)}>Sign in to talk</Button>
          )}
          <Button onClick={() => openGift(lobby.hostUid && lobby.hostUid !== uid ? [lobby.hostUid] : [])} data-testid="open-gifts">
            <Icon name="gift" size={16} /> Gift
          </Button>
          {uid ? <VolumeButton members={lobby.members} uid={uid} /> : null}
          {me ? (
            <Button variant="secondary" onClick={() => setToolsOpen(true)} data-testid="open-tools">
              <span aria-hidden>🎲</span> Tools
            </Button>
          ) : null}
          {uid ? (
            <Button variant="secondary" onClick={() => setRoomOpen(true)} data-testid="open-create-room">
              <Icon name="clock" size={16} /> Private room
            </Button>
          ) : null}
        </div>
      </section>

      <aside className={styles.side}>
        <Tabs
          variant="pill"
          items={[
            {
              value: 'chat',
              label: 'Chat',
              content: (
                <ChatPanel
                  lobbyId={lobbyId}
                  messages={chat}
                  lookOf={(u) => lobby?.members.find((m) => m.uid === u)?.appearance}
                  canChat={!!uid}
                  onSignIn={() => openLogin(true)}
                  silenced={!!me?.silenced}
                  onPin={
                    staff
                      ? (m) =>
                          void lobbyActions
                            .pin(lobbyId, m.body.length > 120 ? `${m.body.slice(0, 119)}…` : m.body)
                            .then((a) => reload(a.position))
                            .catch(() => undefined)
                      : undefined
                  }
                />
              ),
            },
            { value: 'ranking', label: 'Ranking', content: <Leaderboard lobbyId={lobbyId} minPosition={lbPosition} /> },
            {
              value: 'people',
              label: `People ${lobby.members.length}`,
              content: (
                <PeoplePanel
                  lobby={lobby}
                  uid={uid}
                  hosts={hosts}
                  cohosts={cohosts}
                  audience={audience}
                  onAction={act}
                  onGift={(m) => openGift([m.uid])}
                />
              ),
            },
          ]}
        />
      </aside>

      <RejoinNotice show={rejoin.rejoining} />
      <GiftAnimation queue={queue} nameOf={nameOf} />
      <VipEntrance entrance={entrance} nameOf={nameOf} onDone={entranceDone} />
      {giftOpen ? (
        <GiftPanel open onClose={() => setGiftOpen(false)} candidates={giftCandidates} defaultRecipients={giftTo} lobbyId={lobbyId} />
      ) : null}
      <ShareModal lobbyId={lobbyId} open={shareOpen} onClose={() => setShareOpen(false)} signedIn={!!uid} />
      <ReportDialog target={reportOpen ? { kind: 'lobby', lobbyId } : null} preview={lobby.title} onClose={() => setReportOpen(false)} />
      <EndRoomModal
        open={endOpen}
        onClose={() => setEndOpen(false)}
        onEnd={async () => {
          await lobbyActions.end(lobbyId);
          setEndOpen(false);
          setEnded(true);
          void leaveMedia();
        }}
      />
      <ClosureModal open={ended || lobby.status === 'ended' || lobby.status === 'terminated'} title={lobby.title} platformNote={endNote} />
      {needsFee ? (
        <JoinFeeModal fee={lobby.requiredDiamonds} balance={diamonds} onJoin={() => void doJoin()} onCancel={() => navigate('/')} />
      ) : null}
      {mature ? (
        <MatureWarningModal
          onAccept={() => {
            writeLocal(MATURE_KEY, '1');
            setMatureOk(true);
          }}
        />
      ) : null}
      <AudioResumeNotice open={voice.audioBlocked} onResume={resumeAudio} />
      {blocking ? (
        <BlockModal
          username={blocking.username}
          onClose={() => setBlocking(null)}
          onBlock={async (reason) => {
            const answer = await lobbyActions.block(lobbyId, blocking.uid, reason);
            toast(answer.message ?? 'User has been blocked.', 'success');
            reload();
          }}
        />
      ) : null}
      {roomOpen ? <CreateRoomModal lobbyId={lobbyId} onClose={() => setRoomOpen(false)} /> : null}
      {toolsOpen ? (
        <ToolsModal
          lobbyId={lobbyId}
          canStartPoll={staff || seated}
          pollOpen={!!tools?.poll && tools.poll.closedAt === null}
          onClose={() => setToolsOpen(false)}
          onResult={(position) => reloadTools(position)}
        />
      ) : null}
    </div>
  );
}
