// `npm test`'s checks before the tests: the type check, lint and format check at once (each is a
// single-threaded process: on two cores the three take as long as the type check alone). Each
// one's output prints whole when it ends; any failure fails the lot.
import { spawn } from 'node:child_process';

const checks = ['typecheck', 'lint', 'format:check'];

const results = await Promise.all(
  checks.map(
    (script) =>
      new Promise<{ script: string; code: number; output: string; seconds: number }>((resolve) => {
        const started = performance.now();
        const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        let ended = false;
        const done = (code: number) => {
          if (ended) return;
          ended = true;
          const result = { script, code, output, seconds: (performance.now() - started) / 1000 };
          console.log(`${code === 0 ? 'ok' : 'FAILED'}: npm run ${script} (${result.seconds.toFixed(0)} s)`);
          if (output.trim()) console.log(output.trimEnd());
          resolve(result);
        };
        child.on('error', (error) => {
          output += String(error);
          done(1);
        });
        child.on('close', (code) => done(code ?? 1));
      }),
  ),
);

process.exit(results.every((r) => r.code === 0) ? 0 : 1);
