// Runs command-api alone: `npm run start -w command-api`.
import { listen, refuseDemoDefaults } from '@murmur/platform';
import { readConfig } from './config.ts';
import { buildCommandApi } from './server.ts';
import { readIdentityConfig } from './identity/config.ts';
import { startDevMailbox } from './identity/dev-smtp.ts';
import { referralModule } from './referral/routes.ts';

// The demo's secrets, stand-ins and fixed rates need MURMUR_DEMO=on (platform/src/demo-mode.ts).
refuseDemoDefaults('command-api');
const config = readConfig();
const { server, deps } = buildCommandApi(config);
const port = await listen(server, config.COMMAND_API_PORT, config.HOST);
deps.logger.info({ port }, 'command-api listening');
await startDevMailbox(deps.pool, readIdentityConfig(), (message) => deps.logger.warn(message));
// The weekly referral settlement poller (one process at a time holds its lock).
const referralSettlement = referralModule.start(deps);
// Ctrl-C reaches the process group (SIGINT) while `npm start` sends SIGTERM: stop once.
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close(
    () =>
      void referralSettlement
        .stop()
        .then(() => deps.pool.end())
        .then(() => process.exit(0)),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
