import type { Logger, SessionGuard } from '@murmur/platform';
import type pg from 'pg';

export interface QueryDeps {
  /** Its own pool, so it can point at a read replica (DESIGN section 11). */
  pool: pg.Pool;
  logger: Logger;
  jwtSecret: string;
  sessionGuard?: SessionGuard;
}
