// The small level pill on lobby cards, in the lobby header and on profiles.
import styles from './Progression.module.css';

export function LevelPill({
  level,
  title = 'Level',
  testId = 'level-pill',
}: {
  level: number | undefined;
  title?: string;
  testId?: string;
}) {
  if (!level) return null;
  return (
    <span className={styles.lvl} title={title} data-testid={testId}>
      Lv {level}
    </span>
  );
}
