// The caller's level, EXP and progress to the next level (spec `expPercentage`).
import { Link } from 'react-router';
import { PageLoading } from '../../components/PageLoading.tsx';
import styles from './Progression.module.css';
import { ProgressBar } from './RewardChips.tsx';
import { useMyLevel } from './progressionApi.ts';

export function LevelSummary({ link = true }: { link?: boolean }) {
  const { data } = useMyLevel();
  if (!data) return <PageLoading />;
  const toNext = data.nextLevelExp === null ? null : data.nextLevelExp - data.exp;
  return (
    <section className={`${styles.card} ${styles.levelCard}`} data-testid="level-summary">
      <div className={styles.levelRow}>
        <span className={styles.levelBadge} data-testid="level">
          {data.level}
        </span>
        <div className={styles.levelText}>
          <span className={styles.label}>My level</span>
          <strong data-testid="exp">{data.exp.toLocaleString()} EXP</strong>
          <ProgressBar value={data.expPercentage} max={100} label="Progress to the next level" />
          <span className={styles.muted} data-testid="exp-percentage">
            {toNext === null ? 'Top level reached' : `${data.expPercentage}% · ${toNext.toLocaleString()} EXP to level ${data.level + 1}`}
          </span>
        </div>
        {link ? (
          <Link to="/level" className={styles.muted}>
            Details ›
          </Link>
        ) : null}
      </div>
    </section>
  );
}
