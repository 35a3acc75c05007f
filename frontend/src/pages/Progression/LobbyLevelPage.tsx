// /lobby-level: the levels of the caller's lobbies (EXP from live minutes with two or more members
// and gifts sent in them) and the top lobbies.
import { Link } from 'react-router';
import type { LobbyLevelDto } from '@murmur/contracts/progression';
import { expRules } from '@murmur/contracts/progression';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import styles from './Progression.module.css';
import { ProgressBar } from './RewardChips.tsx';
import { useMyLobbyLevels } from './progressionApi.ts';

function LobbyLevelCard({ lobby }: { lobby: LobbyLevelDto }) {
  return (
    <Link to={`/lobby/${lobby.lobbyId}`} className={styles.card} data-testid="lobby-level">
      <div className={styles.levelRow}>
        <span className={styles.levelBadge}>{lobby.level}</span>
        <div className={styles.levelText}>
          <strong>{lobby.title || 'Lobby'}</strong>
          <ProgressBar value={lobby.expPercentage} max={100} label="Progress to the next lobby level" />
          <span className={styles.muted}>
            {lobby.exp.toLocaleString()} EXP · {lobby.liveMinutes.toLocaleString()} live min · {lobby.giftDiamonds.toLocaleString()}{' '}
            diamonds of gifts
          </span>
        </div>
      </div>
    </Link>
  );
}

export default function LobbyLevelPage() {
  const { data, isLoading } = useMyLobbyLevels();
  return (
    <div className={styles.page}>
      <PageHeader
        title="Lobby Level"
        subtitle={`A lobby earns 1 EXP per live minute with at least two members and 1 EXP per ${expRules.diamondsSentPerExp} diamonds of gifts sent in it.`}
      />
      {isLoading || !data ? (
        <PageLoading />
      ) : (
        <>
          <h3 className={styles.title}>My lobbies</h3>
          {data.mine.length === 0 ? (
            <EmptyState icon="🏅" title="No lobby yet">
              Create a lobby from the home page: its level grows with the time and gifts in it.
            </EmptyState>
          ) : (
            <div className={styles.grid}>
              {data.mine.map((l) => (
                <LobbyLevelCard key={l.lobbyId} lobby={l} />
              ))}
            </div>
          )}
          <h3 className={styles.title}>Top lobbies</h3>
          <div className={styles.grid}>
            {data.top.map((l) => (
              <LobbyLevelCard key={l.lobbyId} lobby={l} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
