// Writes the web app's API client (frontend/src/api/api.generated.ts) from the route catalogue:
// `api.<tag>.<name>` for every route. Run `npm run generate:api-client` after changing the catalogue;
// scripts/api-client-source.unit.spec.ts fails while the file is stale.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { apiCatalogue } from '@murmur/contracts/api-catalogue';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const apiClientFile = path.join(root, 'frontend/src/api/api.generated.ts');
export const regenerateApiClient = 'npm run generate:api-client';

const identifier = /^[a-z][A-Za-z0-9]*$/;
const camel = (tag: string) => tag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The formatted source of api.generated.ts. */
export async function renderApiClient(): Promise<string> {
  const groups = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const route of apiCatalogue) {
    const group = camel(route.tag);
    if (!identifier.test(route.name)) throw new Error(`route name ${route.name} (${route.method} ${route.path}) is not an identifier`);
    if (seen.has(`${group}.${route.name}`)) throw new Error(`two routes are named ${group}.${route.name}`);
    seen.add(`${group}.${route.name}`);
    const shape = [route.body ? 'body: true' : '', route.query ? 'query: true' : ''].filter(Boolean).join(', ');
    const line = `/** ${route.summary.replace(/\*\//g, '*\\/')} */\n${route.name}: routeCall('${route.method} ${route.path}'${shape ? `, { ${shape} }` : ''}),`;
    groups.set(group, [...(groups.get(group) ?? []), line]);
  }
  const body = [...groups].map(([group, lines]) => `${group}: {\n${lines.join('\n')}\n},`).join('\n');
  const source = `// Generated from contracts/src/api-catalogue.ts by \`${regenerateApiClient}\`: do not edit.
import { routeCall } from './routeCall.ts';

/** One typed call per catalogue route: \`api.lobbies.leave({ id })\`, \`api.gifting.send(body, { idempotencyKey })\`. */
export const api = {
${body}
};
`;
  const config = await prettier.resolveConfig(apiClientFile);
  return prettier.format(source, { ...config, filepath: apiClientFile });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(apiClientFile, await renderApiClient());
  console.log(`wrote ${path.relative(root, apiClientFile)}`);
}
