// Engage: the live lobbies; joining one opens it inside the mini-app.
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { backgroundFor, categoryEmoji } from '../../lobby/backgrounds.ts';
import { useQuery } from '../../state/query.ts';
import { haptic } from '../../telegram/telegramSdk.ts';
import styles from './MiniApp.module.css';
import { api } from '../../api/api.generated.ts';

export function EngageTab() {
  const navigate = useNavigate();
  const { data, isLoading } = useQuery(api.lobbies.list.path(), { dedupingInterval: 5000, refreshInterval: 15_000 });
  const lobbies = (data?.items ?? []).filter((l) => l.isLive && l.status !== 'ended');
  if (isLoading && !data) return <PageLoading />;
  if (lobbies.length === 0) {
    return (
      <EmptyState icon="🎙️" title="No live lobbies right now">
        Come back soon, or start one from the web app.
      </EmptyState>
    );
  }
  return (
    <div className={styles.list} data-testid="mini-lobbies">
      <p className={styles.sectionTitle}>Live now</p>
      {lobbies.map((l) => (
        <button
          key={l.lobbyId}
          className={styles.item}
          style={{ cursor: 'pointer', textAlign: 'left', font: 'inherit' }}
          data-testid="mini-lobby"
          onClick={() => {
            haptic.selection();
            navigate(`/mini-app/lobby/${encodeURIComponent(l.lobbyId)}`);
          }}
        >
          <span className={styles.cover} style={{ background: backgroundFor(l.backgroundId) }} aria-hidden>
            {categoryEmoji[l.mainCategoryId] ?? '🎧'}
          </span>
          <span className={styles.itemText}>
            <span className={styles.itemTitle}>{l.title}</span>
            <span className={styles.itemSub}>
              {l.host ? `${l.host.username} · ` : ''}
              {l.userCount} listening
            </span>
          </span>
          {l.userCount > 0 ? <span className={styles.live}>LIVE</span> : <span className={styles.itemSub}>Empty</span>}
        </button>
      ))}
    </div>
  );
}
