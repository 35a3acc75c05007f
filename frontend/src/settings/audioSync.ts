// Keeps the lobby audio preferences (volumes, mutes, default volume) on the account: read once a
// session starts, written back (debounced) whenever the lobby or the settings page changes them.
import { useEffect } from 'react';
import { api } from '../api/api.generated.ts';
import { useSession } from '../api/session.ts';
import { hydrateVolumes, useVolumes } from '../media/volumes.ts';

const PUSH_DELAY_MS = 600;

export function useAudioSync(): void {
  // Only once the terms step is done: before it the server refuses a signed-in caller's reads of this kind.
  const token = useSession((s) => (s.claims?.onboarded ? s.token : null));
  useEffect(() => {
    if (!token) return undefined;
    let hydrating = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const push = (s: ReturnType<typeof useVolumes.getState>) =>
      api.identity
        .changeSettings({ volumes: s.volumes, mutes: s.mutes, defaultVolume: s.defaultVolume ?? 100 }, { quiet: true })
        .catch(() => undefined);
    void api.identity
      .settings({ quiet: true })
      .then((s) => {
        if (stopped) return;
        const accountHasNone = Object.keys(s.volumes).length === 0 && s.mutes.length === 0 && s.defaultVolume === 100;
        const local = useVolumes.getState();
        // Preferences made in this browser before they were kept on the account move up once.
        if (accountHasNone && (Object.keys(local.volumes).length > 0 || local.mutes.length > 0)) void push(local);
        else hydrateVolumes(s);
        hydrating = false;
      })
      .catch(() => {
        hydrating = false;
      });
    const unsubscribe = useVolumes.subscribe((s) => {
      if (hydrating) return;
      clearTimeout(timer);
      timer = setTimeout(() => void push(s), PUSH_DELAY_MS);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [token]);
}
