// `npm run bench [name...]`: runs every bench/*.bench.ts (or the named ones) one after another.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { takeReportedFailures } from './support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

console.log(`# murmur benchmarks, ${new Date().toISOString()}, node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
// Benches run the demo's configuration (demo secrets, sandbox payments): platform/src/demo-mode.ts.
process.env.MURMUR_DEMO ??= 'on';
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  // A bench may change the environment (a Vite build sets NODE_ENV=production); the next one starts clean.
  const env = { ...process.env };
  takeReportedFailures();
  const started = performance.now();
  try {
    const mod = (await import(path.join(here, file))) as { default: () => Promise<unknown> };
    await mod.default();
    // A bench that reported failed calls has failed, whatever it printed.
    const failures = takeReportedFailures();
    if (failures.length > 0) throw new Error(`reported failures: ${failures.join('; ')}`);
  } catch (error) {
    failed++;
    console.error(`${file} failed:`, error);
  } finally {
    console.log(`(${file}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
    Object.assign(process.env, env);
  }
}
process.exit(failed ? 1 : 0);
