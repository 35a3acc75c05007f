// Operator commands: `status`, `rebuild NAME`, `audit` (npm run projections -- <command>).
import { createPool } from '@murmur/eventstore';
import cliProgress from 'cli-progress';
import { readConfig } from './config.ts';
import { rebuildProjection } from './rebuild.ts';
import { findProjector, projectors } from './registry.ts';
import { projectionStatus } from './status.ts';
import { cliCommands } from './cli-commands.ts';

const [command, ...args] = process.argv.slice(2);
const config = readConfig();
const pool = createPool(config.DATABASE_URL, { max: 4, applicationName: 'projections-cli' });

async function main(): Promise<number> {
  switch (command) {
    case 'status': {
      const s = await projectionStatus(pool, projectors);
      console.table(s.projections);
      console.log(`head position: ${s.headPosition}; oldest open transaction: ${s.oldestOpenTransactionSeconds.toFixed(1)} s`);
      return 0;
    }
    case 'rebuild': {
      const projector = args[0] ? findProjector(args[0]) : undefined;
      if (!projector) {
        console.error(`Usage: rebuild NAME, one of: ${projectors.map((p) => p.name).join(', ')}`);
        return 2;
      }
      const bar = new cliProgress.SingleBar(
        { format: `${projector.name} [{bar}] {percentage}% | {value}/{total} | {events} events` },
        cliProgress.Presets.shades_classic,
      );
      let started = false;
      const result = await rebuildProjection(pool, projector, {
        onProgress: (p) => {
          if (!started) {
            bar.start(Number(p.head), 0, { events: 0 });
            started = true;
          }
          bar.setTotal(Math.max(Number(p.head), Number(p.position)));
          bar.update(Number(p.position), { events: p.events });
        },
      });
      bar.stop();
      console.log(
        `rebuilt ${projector.name} from ${result.events} events, checkpoint ${result.checkpoint.transactionId}:${result.checkpoint.globalPosition}`,
      );
      return 0;
    }
    default: {
      const extra = command ? cliCommands[command] : undefined;
      if (extra) return extra(pool, args);
      console.error(`Usage: projections <status | rebuild NAME | ${Object.keys(cliCommands).join(' | ')}>`);
      return 2;
    }
  }
}

const code = await main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
await pool.end();
process.exit(code);
