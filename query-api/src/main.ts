// Runs query-api alone: `npm run start -w query-api`.
import { primaryOf } from '@murmur/eventstore';
import { listen, refuseDemoDefaults } from '@murmur/platform';
import { readConfig } from './config.ts';
import { buildQueryApi } from './server.ts';

// The demo's secrets, stand-ins and fixed rates need MURMUR_DEMO=on (platform/src/demo-mode.ts).
refuseDemoDefaults('query-api');
const config = readConfig();
const { server, deps } = buildQueryApi(config);
const port = await listen(server, config.QUERY_API_PORT, config.HOST);
deps.logger.info({ port }, 'query-api listening');
// Ctrl-C reaches the process group (SIGINT) while `npm start` sends SIGTERM: stop once.
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  const pools = new Set([deps.pool, primaryOf(deps.pool)]);
  server.close(() => void Promise.all([...pools].map((p) => p.end())).then(() => process.exit(0)));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
