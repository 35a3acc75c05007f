// The stage: the lobby's seats (seat 0 is the main host's) with speaking indicators and mute state.
import { Avatar } from '../../components/Avatar.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Menu } from '../../components/Menu.tsx';
import { WornBadges } from '../../components/WornBadges.tsx';
import type { LobbyDetails, LobbyMember } from '../../lobby/lobbyApi.ts';
import { memberActionLabel, memberActions, seatLabel, type MemberAction } from '../../lobby/permissions.ts';
import styles from './Lobby.module.css';

export interface StageProps {
  lobby: LobbyDetails;
  viewerUid: string | null;
  speaking: string[];
  onAction(action: MemberAction, member: LobbyMember): void;
  /** What an empty seat offers the viewer: ask for the mic (or sign in first). Null offers nothing. */
  emptySeat?: { label: string; onSelect(): void } | null;
}

export function Stage({ lobby, viewerUid, speaking, onAction, emptySeat = null }: StageProps) {
  const seats = Array.from({ length: lobby.seatCount }, (_, seat) => lobby.members.find((m) => m.seat === seat) ?? null);
  return (
    <div className={styles.seats} data-testid="stage">
      {seats.map((member, seat) =>
        member ? (
          <Menu
            key={seat}
            label={member.username}
            actions={memberActions(lobby, { uid: viewerUid }, member).map((a) => ({
              label: memberActionLabel[a],
              onSelect: () => onAction(a, member),
              tone: a === 'kick' || a === 'block' ? ('danger' as const) : undefined,
            }))}
            trigger={
              <button
                className={styles.seat}
                data-testid={`seat-${seat}`}
                data-uid={member.uid}
                aria-label={`${member.username}, seat ${seat + 1}`}
              >
                <span
                  className={`${styles.seatAvatar} ${speaking.includes(member.uid) && !member.muted ? styles.speaking : ''}`}
                  data-speaking={speaking.includes(member.uid) && !member.muted}
                >
                  <Avatar name={member.username} src={member.profilePicUrl} size={64} frame={member.appearance?.frameId} />
                  {member.uid === lobby.hostUid ? (
                    <span className={styles.crown} title="Host">
                      <Icon name="crown" size={14} />
                    </span>
                  ) : null}
                  <span className={`${styles.micBadge} ${member.muted ? styles.micMuted : ''}`}>
                    <Icon name={member.muted ? 'micOff' : 'mic'} size={12} />
                  </span>
                </span>
                <span className={`${styles.seatName} ${member.appearance?.vip ? styles.vipName : ''}`}>{member.username}</span>
                <WornBadges badgeIds={member.appearance?.badgeIds} size={12} />
                <span className={styles.seatRole} data-testid="seat-role">
                  {seatLabel(lobby, member)}
                </span>
              </button>
            }
          />
        ) : seat > 0 && emptySeat ? (
          <Menu
            key={seat}
            label={`Seat ${seat + 1}`}
            actions={[{ label: emptySeat.label, onSelect: emptySeat.onSelect }]}
            trigger={
              <button
                className={`${styles.seat} ${styles.emptySeat} ${styles.openSeat}`}
                data-testid={`seat-${seat}`}
                aria-label={`Seat ${seat + 1}, free`}
              >
                <EmptySeatFace seat={seat} />
              </button>
            }
          />
        ) : (
          <div key={seat} className={`${styles.seat} ${styles.emptySeat}`} data-testid={`seat-${seat}`}>
            <EmptySeatFace seat={seat} />
          </div>
        ),
      )}
    </div>
  );
}

function EmptySeatFace({ seat }: { seat: number }) {
  return (
    <>
      <span className={styles.seatAvatar}>
        <span className={styles.emptyCircle}>
          <Icon name={seat === 0 ? 'crown' : 'mic'} size={22} />
        </span>
      </span>
      <span className={styles.seatName}>{seat === 0 ? 'Host seat' : `Seat ${seat + 1}`}</span>
    </>
  );
}
