// The web app's generated API client matches the route catalogue it is generated from.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { apiClientFile, regenerateApiClient, renderApiClient } from './api-client-source.ts';

it(`frontend/src/api/api.generated.ts is up to date with the catalogue (else run: ${regenerateApiClient})`, async () => {
  const expected = await renderApiClient();
  const actual = readFileSync(apiClientFile, 'utf8');
  expect(actual === expected, `frontend/src/api/api.generated.ts is stale: run \`${regenerateApiClient}\``).toBe(true);
});
