// /leaderboards: the global boards (docs/decisions/leaderboards.md: top users, top hosts, the Valentine's and
// perfect-pair events; weekly and monthly; podium of 3), with live rank changes.
import { PageHeader } from '../../components/PageHeader.tsx';
import { GlobalLeaderboard } from '../../leaderboards/GlobalLeaderboard.tsx';

export default function LeaderboardsPage() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 820 }}>
      <PageHeader
        title="Leaderboards"
        subtitle="Top senders and hosts of the week and the month, and the pairs of our events. Ranks move live as gifts arrive."
      />
      <GlobalLeaderboard />
    </div>
  );
}
