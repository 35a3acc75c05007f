// A media folder of a test file's own under the system's temp folder, removed when the file ends,
// so test runs leave nothing behind outside the checkout.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** Call at the top level of a test file: the folder is made now and removed after its tests. */
export function temporaryMediaDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'murmur-media-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
