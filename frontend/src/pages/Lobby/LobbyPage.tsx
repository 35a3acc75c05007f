// Lobby page (being built; shows a designed empty state until its back end exists).
import ComingSoonPage from '../ComingSoon/ComingSoonPage.tsx';

export default function LobbyPage({ title }: { title?: string }) {
  return <ComingSoonPage title={title} icon="✨" text="This page is on its way." />;
}
