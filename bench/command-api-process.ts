// The command API as its own process for bench/command-path.bench.ts: built from the environment
// as main.ts builds it (its own pool, the session guard on), listening on a free port. Over the IPC
// channel it reports its port once and, when asked, how many statements its pool has sent.
import { listen } from '@murmur/platform';
import { statementsSent } from '@murmur/eventstore';
import { readConfig } from '../command-api/src/config.ts';
import { buildCommandApi } from '../command-api/src/server.ts';

if (process.env.MURMUR_COUNT_QUERIES !== '1') throw new Error('start with MURMUR_COUNT_QUERIES=1');
const config = readConfig();
const { server, deps } = buildCommandApi(config);
const port = await listen(server, 0, '127.0.0.1');
process.send!({ type: 'listening', port });
process.on('message', (message: { type: string }) => {
  if (message.type === 'statements') process.send!({ type: 'statements', count: statementsSent() });
  if (message.type === 'stop') server.close(() => void deps.pool.end().then(() => process.exit(0)));
});
process.on('disconnect', () => process.exit(0));
