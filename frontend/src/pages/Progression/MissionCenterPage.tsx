// /mission-center: daily and weekly missions with progress from the log, the claim of each once per
// period, and the way to the level, quests, fragments and rewards history.
import { useState } from 'react';
import { Link } from 'react-router';
import type { MissionDto } from '@murmur/contracts/progression';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { toast } from '../../state/ui.ts';
import { LevelSummary } from './LevelSummary.tsx';
import styles from './Progression.module.css';
import { ProgressBar, RewardChips } from './RewardChips.tsx';
import { claimMission, useMissions } from './progressionApi.ts';

const unit: Record<string, string> = { mic_minutes: 'min', host_minutes: 'min' };

function resetsIn(iso: string): string {
  const ms = new Date(iso).getTime() - Date.now();
  const hours = Math.max(0, Math.floor(ms / 3_600_000));
  return hours >= 24
    ? `Resets in ${Math.floor(hours / 24)} d ${hours % 24} h`
    : `Resets in ${hours} h ${Math.max(0, Math.floor((ms % 3_600_000) / 60_000))} min`;
}

function MissionCard({ mission }: { mission: MissionDto }) {
  const [busy, setBusy] = useState(false);
  const claim = async () => {
    setBusy(true);
    try {
      const result = await claimMission(mission.id, mission.periodId);
      toast(`${mission.title}: reward claimed.`, 'success', result.reward.exp > 0 ? `+${result.reward.exp} EXP` : 'Reward claimed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className={styles.card} data-testid={`mission-${mission.id}`} data-status={mission.status}>
      <div className={styles.row}>
        <h3 className={styles.title}>{mission.title}</h3>
        <RewardChips reward={mission.reward} />
      </div>
      <ProgressBar value={mission.progress} max={mission.target} label={`${mission.title} progress`} />
      <div className={styles.row}>
        <span className={styles.muted} data-testid="mission-progress">
          {mission.progress} / {mission.target} {unit[mission.metric] ?? ''}
        </span>
        {mission.status === 'claimed' ? (
          <span className={`${styles.chip} ${styles.done}`} data-testid="mission-claimed">
            Claimed
          </span>
        ) : (
          <Button
            size="sm"
            disabled={mission.status !== 'claimable'}
            busy={busy}
            onClick={() => void claim()}
            data-testid={`claim-${mission.id}`}
          >
            Claim
          </Button>
        )}
      </div>
    </article>
  );
}

function MissionList({ period }: { period: 'daily' | 'weekly' }) {
  const { data, isLoading } = useMissions();
  if (isLoading || !data) return <PageLoading />;
  const items = data.items.filter((m) => m.period === period);
  return (
    <div className={styles.page}>
      <span className={styles.muted}>{items[0] ? resetsIn(items[0].resetsAt) : null} (UTC)</span>
      <div className={styles.grid}>
        {items.map((m) => (
          <MissionCard key={m.id} mission={m} />
        ))}
      </div>
    </div>
  );
}

export default function MissionCenterPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Mission Center"
        subtitle="Finish missions to earn EXP, fragments and diamonds. Daily missions reset at 00:00 UTC, weekly ones on Monday."
        actions={
          <div className={styles.links}>
            <Link to="/quests">
              <Button variant="secondary" size="sm">
                Quests
              </Button>
            </Link>
            <Link to="/fragments">
              <Button variant="secondary" size="sm">
                Fragments
              </Button>
            </Link>
            <Link to="/rewards-history">
              <Button variant="secondary" size="sm">
                Rewards history
              </Button>
            </Link>
          </div>
        }
      />
      <LevelSummary />
      <Tabs
        items={[
          { value: 'daily', label: 'Daily', content: <MissionList period="daily" /> },
          { value: 'weekly', label: 'Weekly', content: <MissionList period="weekly" /> },
        ]}
      />
    </div>
  );
}
