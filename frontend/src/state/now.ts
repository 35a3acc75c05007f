// The wall clock for countdowns, ticking each second while `active`. It reads the clock again the
// moment it becomes active: a countdown that appears (a room started on another screen) would
// otherwise start from the page's load time and show more time left than there is (30:27 of 30:00).
import { useEffect, useState } from 'react';

export function useNow(active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
