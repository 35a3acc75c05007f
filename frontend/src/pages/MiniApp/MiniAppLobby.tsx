// A lobby opened from the mini-app: the lobby page itself, inside the mini-app's frame.
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/PageLoading.tsx';

const LobbyPage = lazy(() => import('../Lobby/LobbyPage.tsx'));

export default function MiniAppLobby() {
  return (
    <Suspense fallback={<PageLoading />}>
      <LobbyPage />
    </Suspense>
  );
}
