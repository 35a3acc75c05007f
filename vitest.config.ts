// One vitest config, three tiers by file suffix: *.unit.spec.ts (pure), *.int.spec.ts (real
// PostgreSQL/HTTP/WS), *.e2e.spec.ts (browser against the real stack).
import { defineConfig } from 'vitest/config';

// The tests run the demo's conveniences (dev mailbox, sandbox payments, demo secrets): one switch.
const env = { MURMUR_DEMO: 'on' };

const workspaces = '{bench,deploy,scripts,contracts,eventstore,platform,command-api,projections,query-api,realtime-gateway,frontend}';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [`${workspaces}/**/*.unit.spec.{ts,tsx}`],
          environment: 'node',
          env,
        },
      },
      {
        test: {
          name: 'int',
          include: [`${workspaces}/**/*.int.spec.ts`],
          globalSetup: ['test-support/global-setup.ts'],
          env,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: [`${workspaces}/**/*.e2e.spec.ts`],
          globalSetup: ['test-support/global-setup.ts', 'test-support/web-app-build.ts'],
          env,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
          // A browser step that times out once on a busy CI machine gets one more try.
          retry: 1,
        },
      },
    ],
  },
});
