// A reward as chips: EXP, diamonds and fragments (names from the catalogue).
import { findFragment, type Reward } from '@murmur/contracts/progression';
import styles from './Progression.module.css';

export function RewardChips({ reward }: { reward: Reward }) {
  return (
    <span className={styles.chips}>
      {reward.exp > 0 ? <span className={`${styles.chip} ${styles.exp}`}>+{reward.exp} EXP</span> : null}
      {reward.diamonds > 0 ? <span className={`${styles.chip} ${styles.diamonds}`}>+{reward.diamonds} diamonds</span> : null}
      {reward.fragments.map((f) => (
        <span key={f.kind} className={`${styles.chip} ${styles.fragment}`}>
          +{f.count} {findFragment(f.kind)?.name ?? f.kind}
        </span>
      ))}
    </span>
  );
}

export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max <= 0 ? 100 : Math.min(100, Math.round((value * 100) / max));
  return (
    <div className={styles.progress} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value}>
      <div className={styles.progressBar} style={{ width: `${pct}%` }} />
    </div>
  );
}
