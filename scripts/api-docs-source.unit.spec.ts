// docs/api.md is generated from the route catalogue and the hand-written docs/api-rules.md.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { apiDocsFile, regenerateApiDocs, renderApiDocs } from './api-docs-source.ts';

it(`docs/api.md is up to date with the catalogue and docs/api-rules.md (else run: ${regenerateApiDocs})`, () => {
  const actual = readFileSync(apiDocsFile, 'utf8');
  expect(actual === renderApiDocs(), `docs/api.md is stale: run \`${regenerateApiDocs}\``).toBe(true);
});
