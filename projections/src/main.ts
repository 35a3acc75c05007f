// Runs the projections worker alone: `npm run start -w projections`.
import { createPool, PostgresEventStore } from '@murmur/eventstore';
import { listen, refuseDemoDefaults } from '@murmur/platform';
import { readConfig } from './config.ts';
import { buildProjectionsService } from './service.ts';
import { LeaderboardPublisher } from './leaderboard-publisher.ts';
import { LedgerAuditWorker } from './ledger-audit-worker.ts';
import { DailyDigestWorker } from './daily-digest.ts';
import { ProjectionRebuildWorker } from './projection-rebuild-worker.ts';

// The demo's secrets, stand-ins and fixed rates need MURMUR_DEMO=on (platform/src/demo-mode.ts).
refuseDemoDefaults('projections');
const config = readConfig();
const pool = createPool(config.DATABASE_URL, { max: 20, applicationName: 'projections' });
const { runner, server, logger } = await buildProjectionsService(pool, config.DATABASE_URL);
await runner.start();
const leaderboardPublisher = new LeaderboardPublisher(pool, new PostgresEventStore(pool), {
  onError: (err) => logger.error({ err }, 'leaderboard publisher failed; retrying'),
});
leaderboardPublisher.start();
const ledgerAuditWorker = new LedgerAuditWorker(pool, new PostgresEventStore(pool), {
  onError: (err) => logger.error({ err }, 'ledger audit request failed; retrying'),
});
ledgerAuditWorker.start();
const rebuildWorker = new ProjectionRebuildWorker(pool, new PostgresEventStore(pool), {
  onError: (err) => logger.error({ err }, 'projection rebuild request failed; retrying'),
});
rebuildWorker.start();
const digestWorker = new DailyDigestWorker(pool, new PostgresEventStore(pool), config.LEDGER_DIGEST_SIGNING_KEY, {
  onError: (err) => logger.error({ err }, 'daily ledger digest failed; retrying'),
});
digestWorker.start();
const port = await listen(server, config.PROJECTIONS_PORT, config.HOST);
logger.info({ port }, 'projections running');
// A terminal's Ctrl-C reaches the process group (SIGINT) while `npm start` sends SIGTERM: stop once.
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  server.close();
  await leaderboardPublisher.stop();
  await ledgerAuditWorker.stop();
  await rebuildWorker.stop();
  await digestWorker.stop();
  await runner.stop();
  await pool.end();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
