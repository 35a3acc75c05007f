// The back end's services as separate processes, started from their own `main.ts` exactly as
// `npm start` starts them, so a test can kill one with SIGKILL and start it again on the same port.
// Used by the crash tests (scripts/crash/) and the soak run (scripts/soak.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServiceName = 'command-api' | 'query-api' | 'projections' | 'realtime-gateway' | 'log-relay';

const portVariable: Record<ServiceName, string> = {
  'command-api': 'COMMAND_API_PORT',
  'query-api': 'QUERY_API_PORT',
  projections: 'PROJECTIONS_PORT',
  'realtime-gateway': 'GATEWAY_PORT',
  'log-relay': 'LOG_RELAY_PORT',
};

const entryOf = (name: ServiceName): string =>
  name === 'log-relay' ? path.join(root, 'projections', 'src', 'relay', 'main.ts') : path.join(root, name, 'src', 'main.ts');

export interface ServiceProcess {
  name: ServiceName;
  /** The port it listens on; kept across restarts. */
  port: number;
  url: string;
  child: ChildProcess;
  /** Kills the process with a signal and waits until it is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port (after a kill). */
  restart(): Promise<void>;
  /** A clean stop (SIGTERM), as an operator would. */
  stop(): Promise<void>;
  /** What it printed, for a failure message. */
  output(): string;
}

/** Every child still running: killed when this process exits, so a failed or timed-out test
 * never leaves services behind. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** A machine shared with other work can take minutes to start several services at once. */
const startTimeoutMs = Number(process.env.SERVICE_START_TIMEOUT_MS ?? 300_000);

function launch(
  name: ServiceName,
  env: Record<string, string>,
  port: number,
): { child: ChildProcess; listening: Promise<number>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', entryOf(name)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env, [portVariable[name]]: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let log = '';
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-20_000);
  };
  child.stderr!.on('data', keep);
  const listening = new Promise<number>((resolve, reject) => {
    // One that never serves is killed, so a failed start leaves nothing behind.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${startTimeoutMs / 1000} s:\n${log}`));
    }, startTimeoutMs);
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? code}) before listening:\n${log}`));
    };
    child.once('exit', onExit);
    child.stdout!.on('data', (d: Buffer) => {
      keep(d);
      // Each main.ts logs `{"port":N,...,"msg":"<service> listening|running"}` once it serves.
      const match = /"port":(\d+)[^\n]*"msg":"[^"]*(?:listening|running)"/.exec(log);
      if (!match) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(Number(match[1]));
    });
  });
  return { child, listening, output: () => log };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

/** Starts `<name>/src/main.ts` with the given environment on a free port (or `port`). */
export async function startService(name: ServiceName, env: Record<string, string>, port = 0): Promise<ServiceProcess> {
  let current = launch(name, env, port);
  const firstPort = await current.listening;
  const service: ServiceProcess = {
    name,
    port: firstPort,
    url: `http://127.0.0.1:${firstPort}`,
    get child() {
      return current.child;
    },
    async kill(signal = 'SIGKILL') {
      const gone = exited(current.child);
      current.child.kill(signal);
      await gone;
    },
    async restart() {
      // The port may still be held for a moment by the kernel after a kill.
      for (let attempt = 0; ; attempt++) {
        current = launch(name, env, firstPort);
        try {
          await current.listening;
          return;
        } catch (error) {
          if (attempt >= 5 || !/EADDRINUSE/.test(current.output())) throw error;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    },
    async stop() {
      const gone = exited(current.child);
      current.child.kill('SIGTERM');
      const timer = setTimeout(() => current.child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
    output: () => current.output(),
  };
  return service;
}
