// /rewards-history: every reward claimed (missions, quests, EXP for friends, the quest platform), paged.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Pager } from '../../components/Pager.tsx';
import styles from './Progression.module.css';
import { RewardChips } from './RewardChips.tsx';
import { useRewardsHistory } from './progressionApi.ts';

const sourceNames = { mission: 'Mission', quest: 'Quest', friend_bonus: 'EXP for friends', quest_platform: 'Quest platform' } as const;

export default function RewardsHistoryPage() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useRewardsHistory(page);
  return (
    <div className={styles.page}>
      <PageHeader
        title="Rewards history"
        subtitle="Every reward you claimed, newest first."
        actions={
          <Link to="/mission-center">
            <Button variant="secondary" size="sm">
              Mission Center
            </Button>
          </Link>
        }
      />
      {isLoading ? (
        <PageLoading />
      ) : !data || data.items.length === 0 ? (
        <EmptyState
          icon="🏆"
          title="No rewards yet"
          action={
            <Link to="/mission-center">
              <Button>Open the Mission Center</Button>
            </Link>
          }
        >
          Claim a mission or a quest step and it shows here.
        </EmptyState>
      ) : (
        <>
          <div className={styles.table} role="table" data-testid="rewards-history">
            <div className={`${styles.tr} ${styles.th}`} role="row">
              <span>Reward</span>
              <span>Source</span>
              <span>Date</span>
              <span className={styles.right}>Won</span>
            </div>
            {data.items.map((r) => (
              <div key={r.claimId} className={styles.tr} role="row" data-testid="reward-row">
                <strong>{r.title}</strong>
                <span>{sourceNames[r.source]}</span>
                <span>{new Date(r.claimedAt).toLocaleString()}</span>
                <span className={styles.right}>
                  <RewardChips reward={r.reward} />
                </span>
              </div>
            ))}
          </div>
          <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
