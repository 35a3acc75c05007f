// A lost lobby session (the server no longer counts us inside, e.g. after a long network drop ended
// our membership) shows the spec's "Something went wrong. Rejoining Lobby..." and joins again.
import { useEffect, useRef, useState } from 'react';
import type { LobbyDetails } from './lobbyApi.ts';

export interface Rejoin {
  /** True while the notice shows and the join runs. */
  rejoining: boolean;
  /** Call before leaving on purpose, so the departure is not taken for a lost session. */
  suspend(): void;
}

export function useRejoin(lobby: LobbyDetails | null, joined: boolean, join: () => Promise<void>): Rejoin {
  const [rejoining, setRejoining] = useState(false);
  // Only a session we have seen inside can be lost: the first reads after a join may predate it.
  const sawInside = useRef(false);
  const suspended = useRef(false);
  const inside = lobby?.viewer?.inside ?? null;
  const open = !!lobby && (lobby.status === 'started' || lobby.status === 'waiting');

  useEffect(() => {
    if (!joined || inside === null || suspended.current) return;
    if (inside) {
      sawInside.current = true;
      return;
    }
    if (!sawInside.current || !open || rejoining) return;
    sawInside.current = false;
    setRejoining(true);
    // The notice stays at least a moment, so a quick rejoin does not flash by unread.
    const shown = new Promise((r) => setTimeout(r, 2000));
    void Promise.allSettled([join(), shown]).then(() => setRejoining(false));
  }, [joined, inside, open, rejoining, join]);

  return {
    rejoining,
    suspend() {
      suspended.current = true;
    },
  };
}
