// Benches cannot rot: every bench runs at its tiny size (BENCH_SIZE=tiny, seconds each) in one
// `npm run bench` process, and a bench fails here when it throws, delivers less than it sent or
// reports failed calls (bench/run.ts and bench/support.ts turn those into a failed bench).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();

let output = '';
let exitCode: number | null = null;

beforeAll(async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'run.ts')], {
    cwd: root,
    env: { ...process.env, BENCH_SIZE: 'tiny' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  // Seconds of traffic each, but the stack bench starts five processes first: minutes on a loaded machine.
}, 900_000);

/** What a bench printed, from its header to the next one. */
function sectionOf(file: string): string {
  const start = output.indexOf(`## ${file}`);
  if (start < 0) return '';
  const next = output.indexOf('\n## ', start + 1);
  return output.slice(start, next < 0 ? undefined : next);
}

describe('every bench at its tiny size', () => {
  it.each(benches)('%s runs, prints figures and fails nothing', (file) => {
    const section = sectionOf(file);
    expect(section, output.slice(-3000)).not.toBe('');
    expect(section).not.toContain(`${file} failed:`);
    expect(section).toMatch(/\| .+: [\d.]+ /);
  });

  it('the bench process exits cleanly', () => {
    expect(exitCode, output.slice(-3000)).toBe(0);
  });
});
