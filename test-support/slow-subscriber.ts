// A subscriber in a process of its own, for the kill-mid-batch test: it records every event it
// applies, and in its second batch it stops halfway and says so, so the test can SIGKILL it there.
import { createPool, LogListener, Subscription } from '@murmur/eventstore';

const [url, name] = process.argv.slice(2) as [string, string];
const pool = createPool(url, { max: 2 });
const listener = new LogListener(url);
await listener.start();
let batches = 0;
const subscription = new Subscription(
  pool,
  listener,
  {
    name,
    async handle(events, client) {
      batches++;
      for (const [i, e] of events.entries()) {
        await client.query('insert into applied (name, position) values ($1, $2)', [name, e.globalPosition.toString()]);
        if (batches === 2 && i === Math.floor(events.length / 2)) {
          process.stdout.write('MID-BATCH\n');
          await new Promise((r) => setTimeout(r, 60_000));
        }
      }
    },
  },
  { batchSize: 25 },
);
subscription.start();
