// Plays the gift queue: one animation at a time (about 3 s each), fed by the lobby's GiftSent events.
import { giftDisplayName } from '@murmur/contracts/gifting';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { GiftIcon } from './GiftIcon.tsx';
import { GiftQueue } from './giftQueue.ts';
import styles from './Gifting.module.css';

const ANIMATION_MS = 3200;

/** Page load time: gifts sent before it are never animated. */
const pageLoadedAt = typeof performance !== 'undefined' ? Math.floor(performance.timeOrigin) : Date.now();

/** One queue per lobby page, cleared whenever the tab hides. */
export function useGiftQueue(): GiftQueue {
  const queue = useMemo(() => new GiftQueue(pageLoadedAt), []);
  useEffect(() => {
    const onVisibility = () => queue.visibilityChanged(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [queue]);
  return queue;
}

export function GiftAnimation({ queue, nameOf }: { queue: GiftQueue; nameOf(uid: string): string }) {
  const state = useSyncExternalStore(
    (cb) => queue.subscribe(cb),
    () => queue.snapshot,
  );
  const playing = state.playing;
  useEffect(() => {
    if (!playing) return;
    const t = setTimeout(() => queue.finish(playing.id), ANIMATION_MS);
    return () => clearTimeout(t);
  }, [playing, queue]);
  if (!playing) return null;
  return (
    <div className={styles.animation} key={playing.id} data-testid="gift-animation" aria-live="polite">
      <div className={styles.burst} aria-hidden />
      <div className={styles.animationCard}>
        <div className={styles.animationIcon}>
          <GiftIcon name={playing.giftName} src={`/gifts/${playing.giftName}.svg`} size={120} />
        </div>
        <div className={styles.animationText}>
          <span>
            <strong>{nameOf(playing.senderUid)}</strong> sent{' '}
            <strong data-testid="gift-animation-name">{giftDisplayName(playing.giftName)}</strong>
          </span>
          <span className={styles.combo}>x{playing.quantity}</span>
          <small>to {playing.recipients.map(nameOf).join(', ')}</small>
        </div>
      </div>
      {state.waiting.length ? <span className={styles.more}>+{state.waiting.length} more</span> : null}
    </div>
  );
}
