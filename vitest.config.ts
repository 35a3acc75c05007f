// One vitest config, three tiers by file suffix: *.unit.spec.ts (pure), *.int.spec.ts (real
// PostgreSQL/HTTP/WS), *.e2e.spec.ts (browser against the real stack).
import { configDefaults, defineConfig } from 'vitest/config';

// The tests run the demo's conveniences (dev mailbox, sandbox payments, demo secrets): one switch.
const env = { MURMUR_DEMO: 'on' };

const workspaces = '{bench,deploy,scripts,contracts,eventstore,platform,command-api,projections,query-api,realtime-gateway,frontend}';

// Integration files that start the services as processes (several command APIs, killed gateways,
// a restarted PostgreSQL, the benches): each needs most of a core and up to a hundred connections,
// so they run one at a time, after the others.
const processFiles = [
  'scripts/crash/**/*.int.spec.ts',
  'scripts/scale/**/*.int.spec.ts',
  'bench/**/*.int.spec.ts',
  'projections/src/projection-leases.int.spec.ts',
];

// vitest's default is one worker per core less one: a single worker on two cores. Most of a test
// file's time is spent waiting on PostgreSQL, sockets and the browser, so the groups below run
// several at once. Groups run one after the other; the projects of a group share one maxWorkers.

// Unit and integration files share their worker's process (`isolate: false`): the app's modules are
// loaded once per worker rather than once per file, which was most of an integration file's time
// (docs/decisions/testing.md). Each file still gets its own database, and the environment back as it
// found it (test-support/restore-env.ts).

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [`${workspaces}/**/*.unit.spec.{ts,tsx}`],
          environment: 'node',
          env,
          maxWorkers: 3,
          isolate: false,
          setupFiles: ['test-support/restore-env.ts'],
        },
      },
      {
        test: {
          name: 'int',
          include: [`${workspaces}/**/*.int.spec.ts`],
          exclude: [...configDefaults.exclude, ...processFiles],
          globalSetup: ['test-support/global-setup.ts'],
          env,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 3,
          isolate: false,
          setupFiles: ['test-support/restore-env.ts'],
        },
      },
      {
        test: {
          name: 'int-processes',
          include: processFiles,
          globalSetup: ['test-support/global-setup.ts'],
          env,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: [`${workspaces}/**/*.e2e.spec.ts`],
          globalSetup: ['test-support/global-setup.ts', 'test-support/chromium-setup.ts', 'test-support/web-app-build.ts'],
          env,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // Two at a time: one browser file alone keeps the two cores 63% busy (it waits on polls and
          // timers), two keep them 85-91% busy and finish the browser files ~30% sooner; measured under
          // two extra busy cores too, all passing (docs/decisions/testing.md).
          maxWorkers: 2,
          // The files share one process: the stack's modules (express, pg, playwright-core, viem, the
          // Solana libraries) are imported once instead of once per file, about 4 s a file. Safe
          // because no browser file sets process.env or mocks a module, every database and media
          // folder is a file's own, and each file stops what it started in afterAll.
          isolate: false,
          setupFiles: ['test-support/restore-env.ts'],
          sequence: { groupOrder: 1 },
          // A browser step that times out once on a busy CI machine gets one more try.
          retry: 1,
        },
      },
    ],
  },
});
