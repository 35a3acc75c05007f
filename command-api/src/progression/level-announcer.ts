// The level-up as an event: the progression projection computes levels from EXP; this loop finds
// users whose projected level passed the last announced one and appends LevelReached on their
// `progression-{uid}` stream (decided there: once per level, and the friend bonus with it). The
// gateway pushes it on `users/{uid}`, so the level-up shows live.
import { unannouncedLevels } from '@murmur/projections/queries/progression';
import type { CommandDeps } from '../dependencies.ts';
import { runProgression } from './run-progression.ts';

export async function announceLevels(deps: CommandDeps, limit = 100): Promise<number> {
  const rows = await unannouncedLevels(deps.pool, limit);
  let announced = 0;
  for (const r of rows) {
    const result = await runProgression(
      deps,
      r.uid,
      { type: 'AnnounceLevel', uid: r.uid, level: r.level, exp: Number(r.exp), now: deps.clock.now() },
      `level:${r.level}`,
    );
    if (result.events.length > 0 && !result.duplicate) announced++;
  }
  return announced;
}

export function startLevelAnnouncer(deps: CommandDeps, intervalMs = 500): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = announceLevels(deps)
      .then(() => undefined)
      // Before the projections create their tables, or while the database restarts: try again later.
      .catch((err: unknown) => deps.logger.debug({ err }, 'level announcer will retry'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
