// Home: banners, the category bar, lobby cards (live state, users, tag, languages) and the
// create-lobby modal. Lobby lists: private ones when signed in, public ones when not (docs/decisions/lobbies.md).
import { lobbyCategories } from '@murmur/contracts/lobbies';
import { lazy, Suspense, useState } from 'react';
import { actingToken, useSession } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { categoryEmoji, categoryLabel } from '../../lobby/backgrounds.ts';
import { useQuery } from '../../state/query.ts';
import { useUi } from '../../state/ui.ts';
import { Banners } from './Banners.tsx';
import { LobbyCard } from './LobbyCard.tsx';
import styles from './HomePage.module.css';
import { api } from '../../api/api.generated.ts';

const CreateLobbyModal = lazy(() => import('./CreateLobbyModal.tsx'));

export default function HomePage() {
  // Before the terms step the server serves a visitor's list: ask for that one.
  const token = useSession(actingToken);
  const [category, setCategory] = useState<(typeof lobbyCategories)[number] | 'all'>('all');
  const [creating, setCreating] = useState(false);
  const openLogin = useUi((s) => s.setLoginOpen);
  const query = { category: category === 'all' ? undefined : category };
  const { data, error, isLoading } = useQuery(token ? api.lobbies.list.path(query) : api.lobbies.listPublic.path(query), {
    dedupingInterval: 5000,
    refreshInterval: 15_000,
  });
  const lobbies = data?.items ?? [];

  return (
    <div className={styles.page}>
      <Banners />
      <div className={styles.toolbar}>
        <div className={styles.categories} role="tablist" aria-label="Categories">
          {lobbyCategories.map((c) => (
            <button
              key={c}
              role="tab"
              aria-selected={category === c}
              className={`${styles.category} ${category === c ? styles.activeCategory : ''}`}
              onClick={() => setCategory(c)}
            >
              <span aria-hidden>{categoryEmoji[c]}</span> {categoryLabel[c]}
            </button>
          ))}
        </div>
        <Button onClick={() => (token ? setCreating(true) : openLogin(true))} data-testid="create-lobby">
          <Icon name="plus" size={16} /> Create lobby
        </Button>
      </div>
      <h2 className={styles.sectionTitle}>
        <span className={styles.liveDot} /> Live lobbies
      </h2>
      {isLoading ? (
        <PageLoading />
      ) : error || lobbies.length === 0 ? (
        <EmptyState
          icon="🎙️"
          title={error ? 'Lobbies are not available right now' : 'No lobbies here yet'}
          action={
            <Button onClick={() => (token ? setCreating(true) : openLogin(true))}>
              <Icon name="plus" size={16} /> Start the first one
            </Button>
          }
        >
          {error
            ? 'We could not load the lobby list. Try again in a moment.'
            : 'Be the host: create a lobby, take the mic and invite your friends.'}
        </EmptyState>
      ) : (
        <div className={styles.grid} data-testid="lobby-list">
          {lobbies.map((lobby) => (
            <LobbyCard key={lobby.lobbyId} lobby={lobby} />
          ))}
        </div>
      )}
      {creating ? (
        <Suspense fallback={null}>
          <CreateLobbyModal onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
