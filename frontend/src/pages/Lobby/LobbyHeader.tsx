// The lobby page's header: title, live mark, level, people count, tag, category, languages and voice
// status, with the share, report, settings and end/leave actions (each as the viewer may use them).
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { categoryLabel, languageLabel } from '../../lobby/backgrounds.ts';
import type { LobbyDetails } from '../../lobby/lobbyApi.ts';
import { VoiceStatus } from '../../lobby/VoiceStatus.tsx';
import { LevelPill } from '../Progression/LevelPill.tsx';
import styles from './Lobby.module.css';

export function LobbyHeader({
  lobbyId,
  lobby,
  level,
  uid,
  staff,
  onShare,
  onReport,
  onEnd,
  onLeave,
}: {
  lobbyId: string;
  lobby: LobbyDetails;
  level: number | undefined;
  uid: string | null;
  staff: boolean;
  onShare(): void;
  onReport(): void;
  onEnd(): void;
  onLeave(): void;
}) {
  const navigate = useNavigate();
  return (
    <header className={styles.header}>
      <div className={styles.titleBlock}>
        <div className={styles.titleRow}>
          {lobby.isLive ? <span className={styles.live}>LIVE</span> : null}
          <h1 data-testid="lobby-title">{lobby.title}</h1>
          <LevelPill level={level} title="Lobby level" testId="lobby-level-pill" />
        </div>
        <div className={styles.meta}>
          <span>
            <Icon name="users" size={14} /> <span data-testid="lobby-users">{lobby.userCount}</span>
          </span>
          {lobby.tag ? <span className={styles.tag}>#{lobby.tag}</span> : null}
          <span>{categoryLabel[lobby.mainCategoryId] ?? lobby.mainCategoryId}</span>
          {lobby.languages.map((l) => (
            <span key={l} className={styles.lang}>
              {languageLabel[l] ?? l}
            </span>
          ))}
          <VoiceStatus />
        </div>
      </div>
      <div className={styles.headerActions}>
        <button className={styles.roundButton} onClick={onShare} aria-label="Share" data-testid="share">
          <Icon name="share" size={18} />
        </button>
        {uid && uid !== lobby.ownerUid ? (
          <button
            className={styles.roundButton}
            onClick={onReport}
            aria-label="Report lobby"
            title="Report lobby"
            data-testid="report-lobby"
          >
            ⚑
          </button>
        ) : null}
        {staff ? (
          <button
            className={styles.roundButton}
            onClick={() => navigate(`/lobby/settings?lobbyId=${encodeURIComponent(lobbyId)}`)}
            aria-label="Lobby settings"
            data-testid="lobby-settings"
          >
            <Icon name="settings" size={18} />
          </button>
        ) : null}
        {staff && (uid === lobby.hostUid || uid === lobby.ownerUid) ? (
          <Button variant="danger" size="sm" onClick={onEnd} data-testid="end-room">
            End room
          </Button>
        ) : uid ? (
          <Button variant="secondary" size="sm" onClick={onLeave}>
            Leave
          </Button>
        ) : null}
      </div>
    </header>
  );
}
