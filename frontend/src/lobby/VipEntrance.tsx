// The lobby entry effect (docs/decisions/vip.md): when a VIP joins, everyone in the lobby
// sees a golden banner with their name for a few seconds, live from the join event.
import { useCallback, useEffect, useRef, useState } from 'react';
import styles from './VipEntrance.module.css';

const SHOWN_MS = 4500;

export interface Entrance {
  key: string;
  uid: string;
}

/** The entrances to show, one at a time in arrival order; `announce` adds one. */
export function useVipEntrances() {
  const [entrances, setEntrances] = useState<Entrance[]>([]);
  const announce = useCallback(
    (entrance: Entrance) => setEntrances((list) => (list.some((e) => e.key === entrance.key) ? list : [...list.slice(-4), entrance])),
    [],
  );
  const done = useCallback((key: string) => setEntrances((list) => list.filter((e) => e.key !== key)), []);
  return { current: entrances[0] ?? null, announce, done };
}

export function VipEntrance({
  entrance,
  nameOf,
  onDone,
}: {
  entrance: Entrance | null;
  nameOf(uid: string): string;
  onDone(key: string): void;
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!entrance) return;
    timer.current = setTimeout(() => onDone(entrance.key), SHOWN_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [entrance, onDone]);
  if (!entrance) return null;
  return (
    <div className={styles.entrance} role="status" aria-live="polite" data-testid="vip-entrance" data-uid={entrance.uid}>
      <span className={styles.crown} aria-hidden>
        👑
      </span>
      <span>
        VIP <strong className={styles.name}>{nameOf(entrance.uid)}</strong> has entered the lobby
      </span>
      <span className={styles.sparkle} aria-hidden>
        ✨
      </span>
    </div>
  );
}
