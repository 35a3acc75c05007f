// One lobby on the home grid: cover, live state, title, tag, languages, users and host.
import { Link } from 'react-router';
import { Icon } from '../../components/Icon.tsx';
import { backgroundFor, categoryEmoji, languageLabel } from '../../lobby/backgrounds.ts';
import type { LobbyCardData } from '../../lobby/lobbyApi.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { LevelPill } from '../Progression/LevelPill.tsx';
import { useLobbyLevels } from '../Progression/progressionApi.ts';
import styles from './HomePage.module.css';

export function LobbyCard({ lobby }: { lobby: LobbyCardData }) {
  // One small read per card (swr shares it): the lobby's level from its live minutes and gifts.
  const { data: levels } = useLobbyLevels([lobby.lobbyId]);
  const cover = lobby.lobbyPhoto
    ? `url(${lobby.lobbyPhoto}) center/cover, ${backgroundFor(lobby.backgroundId)}`
    : backgroundFor(lobby.backgroundId);
  return (
    <Link to={`/lobby/${lobby.lobbyId}`} className={styles.card} data-testid="lobby-card" data-lobby-id={lobby.lobbyId}>
      <div className={styles.cover} style={{ background: cover }}>
        <div className={styles.coverTop}>
          {lobby.isLive && lobby.status !== 'ended' ? (
            // Open but nobody in it: LIVE would promise a conversation that is not there.
            lobby.userCount > 0 ? (
              <span className={styles.live} data-testid="lobby-state">
                <span className={styles.liveDot} /> LIVE
              </span>
            ) : (
              <span className={styles.offline} data-testid="lobby-state">
                Empty
              </span>
            )
          ) : (
            <span className={styles.offline} data-testid="lobby-state">
              Offline
            </span>
          )}
          {lobby.kind !== 'public' ? (
            <span className={styles.kind} data-testid="lobby-kind">
              <Icon name="lock" size={12} /> {lobby.kind}
            </span>
          ) : null}
        </div>
        <span className={styles.coverEmoji} aria-hidden>
          {categoryEmoji[lobby.mainCategoryId] ?? '🎧'}
        </span>
        <span className={styles.users}>
          <Icon name="users" size={14} /> {lobby.userCount}
        </span>
      </div>
      <div className={styles.cardBody}>
        <h3 className={styles.cardTitle}>{lobby.title}</h3>
        <div className={styles.chips}>
          <LevelPill level={levels?.items[0]?.level} title="Lobby level" testId="lobby-level-pill" />
          {lobby.tag ? <span className={styles.tag}>#{lobby.tag}</span> : null}
          {lobby.languages.map((l) => (
            <span key={l} className={styles.lang} title={languageLabel[l] ?? l}>
              {l}
            </span>
          ))}
          {lobby.requiredDiamonds > 0 ? (
            <span className={styles.fee}>
              <Icon name="diamond" size={12} /> {lobby.requiredDiamonds}
            </span>
          ) : null}
        </div>
        {lobby.host ? (
          <div className={styles.host}>
            <Avatar name={lobby.host.username} src={lobby.host.profilePicUrl} size={22} />
            <span>{lobby.host.username}</span>
          </div>
        ) : null}
      </div>
    </Link>
  );
}
