// The lobby's open private rooms that can still be joined. A room is one-on-one: once its guest is
// in, it is full and no longer offered, except to its host (to find their way back). A room with a
// banner shows it behind its card.
import { lobbyConstants } from '@murmur/contracts/lobbies';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import type { RoomSummary } from '../../lobby/lobbyApi.ts';
import styles from './Lobby.module.css';

export const isRoomFull = (room: Pick<RoomSummary, 'userCount'>) => room.userCount >= lobbyConstants.roomCapacity;

export function RoomList({ rooms, viewerUid }: { rooms: RoomSummary[]; viewerUid: string | null }) {
  const navigate = useNavigate();
  const shown = rooms.filter((r) => !isRoomFull(r) || r.hostUid === viewerUid);
  if (shown.length === 0) return null;
  return (
    <div className={styles.rooms} data-testid="room-list">
      <h3>Private rooms</h3>
      <div className={styles.roomList}>
        {shown.map((r) => (
          <button
            key={r.roomId}
            className={`${styles.roomCard} ${r.roomBannerPhoto ? styles.roomCardWithBanner : ''}`}
            onClick={() => navigate(`/room/${r.roomId}`)}
            data-testid="room-card"
          >
            {r.roomBannerPhoto ? <img className={styles.roomBanner} src={r.roomBannerPhoto} alt="" data-testid="room-banner" /> : null}
            <Icon name="lock" size={14} /> <strong>{r.title}</strong>
            <span>{r.mins} min</span>
            {r.requiredBalance > 0 ? (
              <span className={styles.diamondText}>
                <Icon name="diamond" size={12} /> {r.requiredBalance.toLocaleString()}
              </span>
            ) : null}
            {isRoomFull(r) ? <span className={styles.roomFull}>Full</span> : null}
          </button>
        ))}
      </div>
    </div>
  );
}
