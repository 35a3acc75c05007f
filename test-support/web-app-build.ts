// Once per e2e run: the production build of the web app (as users get it) that every browser
// test's stack serves. Building it in each test file cost 20-40 s a file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webAppDir = path.join(root, '.tmp', 'e2e-frontend');

export default async function setup(): Promise<void> {
  const frontendDir = path.join(root, 'frontend');
  // The production build users get (vitest's NODE_ENV=test would give React's development build);
  // restored after, since the test processes inherit this process's environment.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  try {
    await build({
      configFile: path.join(frontendDir, 'vite.config.ts'),
      root: frontendDir,
      logLevel: 'warn',
      build: { outDir: webAppDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
