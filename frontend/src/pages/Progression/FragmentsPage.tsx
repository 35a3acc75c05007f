// /fragments: fragments won from missions and quests; 10 of a kind combine into their item, which
// then appears in the inventory.
import { useState } from 'react';
import { Link } from 'react-router';
import type { FragmentDto } from '@murmur/contracts/progression';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { toast } from '../../state/ui.ts';
import styles from './Progression.module.css';
import { ProgressBar } from './RewardChips.tsx';
import { combineFragments, useFragments } from './progressionApi.ts';

const icons: Record<string, string> = { star: '⭐', heart: '💖', gift: '🎁' };

function FragmentCard({ fragment }: { fragment: FragmentDto }) {
  const [busy, setBusy] = useState(false);
  const combine = async () => {
    setBusy(true);
    try {
      await combineFragments(fragment.kind);
      toast(`${fragment.item.name} is in your inventory.`, 'success', 'Combined');
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className={styles.card} data-testid={`fragment-${fragment.kind}`}>
      <div className={styles.row}>
        <span className={styles.icon} aria-hidden>
          {icons[fragment.kind]}
        </span>
        <strong data-testid="fragment-count">
          {fragment.count} / {fragment.needed}
        </strong>
      </div>
      <h3 className={styles.title}>{fragment.name}</h3>
      <ProgressBar value={fragment.count} max={fragment.needed} label={`${fragment.name} collected`} />
      <span className={styles.muted}>
        Combines into: {fragment.item.name} ({fragment.item.days === null ? 'to keep' : `${fragment.item.days} days`})
      </span>
      <Button
        size="sm"
        disabled={fragment.count < fragment.needed}
        busy={busy}
        onClick={() => void combine()}
        data-testid={`combine-${fragment.kind}`}
      >
        Combine
      </Button>
    </article>
  );
}

export default function FragmentsPage() {
  const { data, isLoading } = useFragments();
  return (
    <div className={styles.page}>
      <PageHeader
        title="Fragments"
        subtitle="Win fragments from missions and quests. Collect 10 of a kind to combine them into a reward."
        actions={
          <Link to="/mission-center">
            <Button variant="secondary" size="sm">
              Earn fragments
            </Button>
          </Link>
        }
      />
      {isLoading || !data ? (
        <PageLoading />
      ) : (
        <div className={styles.grid}>
          {data.items.map((f) => (
            <FragmentCard key={f.kind} fragment={f} />
          ))}
        </div>
      )}
    </div>
  );
}
