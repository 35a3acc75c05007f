// Run before each test file (vitest `setupFiles`): files of a project that share a process (`isolate:
// false`) start from the environment the process began with, whatever the file before set (a media
// folder, an Agora id, a scheduler interval set at a file's top level).
import { afterAll } from 'vitest';

const before = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
});
