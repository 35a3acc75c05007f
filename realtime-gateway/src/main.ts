// Runs the realtime gateway alone: `npm run start -w realtime-gateway`. Several may run at once;
// each tails the log itself.
import { createPool, createReadPool } from '@murmur/eventstore';
import { createLogger, refuseDemoDefaults } from '@murmur/platform';
import { readConfig } from './config.ts';
import { buildGateway } from './server.ts';

// The demo's secrets, stand-ins and fixed rates need MURMUR_DEMO=on (platform/src/demo-mode.ts).
refuseDemoDefaults('realtime-gateway');
const config = readConfig();
const logger = createLogger('realtime-gateway');
const primary = createPool(config.DATABASE_URL, { max: config.READ_DATABASE_URL ? 4 : 10, applicationName: 'realtime-gateway' });
const pool = createReadPool(primary, config.READ_DATABASE_URL, { max: 10, applicationName: 'realtime-gateway' });
const gateway = buildGateway(config, { pool, logger });
const port = await gateway.start(config.GATEWAY_PORT, process.env.GATEWAY_HOST ?? config.HOST);
logger.info({ port }, 'realtime-gateway listening');
// Ctrl-C reaches the process group (SIGINT) while `npm start` sends SIGTERM: stop once.
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void gateway
    .stop()
    .then(() => Promise.all([...new Set([pool, primary])].map((p) => p.end())))
    .then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
