import type { Logger, SessionGuard } from '@murmur/platform';
import type pg from 'pg';
import type { GifProvider } from './gifs/gif-provider.ts';

export interface QueryDeps {
  /** Its own pool, so it can point at a read replica (DESIGN section 11). */
  pool: pg.Pool;
  logger: Logger;
  jwtSecret: string;
  sessionGuard?: SessionGuard;
  /** GIF search; from the environment when not given (tests pass their own). */
  gifs?: GifProvider;
}
