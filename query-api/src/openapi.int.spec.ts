// The OpenAPI document served by the real query-api, and the catalogue behind it checked against the routes the real apps serve.
import { apiCatalogue } from '@murmur/contracts';
import type express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../test-support/stack.ts';

interface RouterLayer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** Every `METHOD /path` an Express 5 router serves, with mount prefixes joined; `:x` and `*x` become `{x}`. */
function servedRoutes(stack: RouterLayer[], prefix = ''): string[] {
  const out: string[] = [];
  const join = (p: string) => `${prefix}${p === '/' ? '' : p}`;
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        for (const method of Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m] && m !== '_all')) {
          out.push(`${method.toUpperCase()} ${join(path).replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}')}`);
        }
      }
    } else if (layer.handle?.stack) {
      // A nested router; a layer without a string path (regexp mounts) would hide its prefix, so refuse it.
      const raw = Array.isArray(layer.rawPath) ? layer.rawPath[0] : layer.rawPath;
      if (typeof raw !== 'string') throw new Error('a router mounted without a string path: cannot name its routes');
      out.push(...servedRoutes(layer.handle.stack, join(raw)));
    }
  }
  return out;
}

const underApi = (routes: string[]) =>
  routes.filter((r) => r.split(' ')[1]!.startsWith('/api/v1/')).map((r) => r.replace(' /api/v1/', ' /'));

const appOf = (server: TestStack['query']['server']) => server.listeners('request')[0] as express.Express;
const routerStack = (app: express.Express) => (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projections: false });
});
afterAll(async () => {
  await stack?.stop();
});

describe('GET /api/docs/openapi.json', () => {
  it('is an OpenAPI 3.1 document with every catalogued route', async () => {
    const res = await fetch(`${stack.queryUrl}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Murmur API');
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.ErrorEnvelope.properties.error).toBeDefined();

    const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort()).toEqual(
      apiCatalogue.map((r) => `${r.method} ${r.path}`).sort(),
    );
    const ids = new Set<string>();
    const text = JSON.stringify(doc);
    for (const { path, op } of operations) {
      expect(path.startsWith('/')).toBe(true);
      expect(ids.has(op.operationId)).toBe(false);
      ids.add(op.operationId);
      // Every operation documents its answer's body: a JSON DTO or the media type of a page or file.
      const success = op.responses['200'] ?? op.responses['201'];
      expect(Object.keys(success?.content ?? {}), `${op.operationId} has no response body`).toHaveLength(1);
      const declared = (op.parameters ?? [])
        .filter((p: any) => p.in === 'path')
        .map((p: any) => p.name)
        .sort();
      expect(declared).toEqual([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort());
    }
    for (const [, ref] of text.matchAll(/"\$ref":"#\/components\/(\w+\/\w+)"/g)) {
      const [kind, name] = ref!.split('/');
      expect(doc.components[kind!][name!], ref).toBeDefined();
    }
    const login = doc.paths['/auth/login'].post;
    expect(login.security).toContainEqual({});
    expect(login.requestBody.content['application/json'].schema.type).toBe('object');
    expect(doc.paths['/console/grants'].post['x-roles']).toEqual(['ad']);
    // Answers carry their DTO: the lobby detail names its members, a create answers 201.
    const detail = doc.paths['/lobbies/{id}'].get.responses['200'].content['application/json'].schema;
    expect(detail.required).toEqual(expect.arrayContaining(['lobbyId', 'users', 'seats', 'me']));
    expect(detail.properties.users.items.properties.roleCodes.items.enum).toContain('lad');
    expect(doc.paths['/lobbies'].post.responses['201'].content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['position', 'lobbyId', 'media']),
    );
  });

  it('has an HTML index that loads nothing from elsewhere', async () => {
    const res = await fetch(`${stack.queryUrl}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('/api/v1/lobbies/{id}/join');
    expect(html).toContain('<h2>lobbies');
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//i);
  });
});

describe('the catalogue against the routers', () => {
  const command = () => underApi(servedRoutes(routerStack(stack.command.app)));
  const query = () => underApi(servedRoutes(routerStack(appOf(stack.query.server))));

  it('finds the routes of both apps', () => {
    expect(command().length).toBeGreaterThan(50);
    expect(query().length).toBeGreaterThan(30);
    expect(query()).toContain('GET /lobbies/{id}');
  });

  it('lists every route the apps serve, and serves every catalogued route', () => {
    const served = [...command(), ...query()];
    const catalogued = apiCatalogue.map((r) => `${r.method} ${r.path}`);
    expect(
      served.filter((r) => !catalogued.includes(r)),
      'served but not in contracts/src/api-catalogue.ts',
    ).toEqual([]);
    expect(
      catalogued.filter((r) => !served.includes(r)),
      'catalogued but not served',
    ).toEqual([]);
    expect(new Set(catalogued).size).toBe(catalogued.length);
  });

  it('puts reads on query-api and writes on command-api, as the edge routes them', () => {
    const q = new Set(query());
    const c = new Set(command());
    for (const r of apiCatalogue) {
      const key = `${r.method} ${r.path}`;
      expect(r.method === 'GET' ? q.has(key) : c.has(key), key).toBe(true);
    }
  });

  it('says which routes need a token and which roles, as the routes enforce it', async () => {
    const fill = (path: string) => path.replace(/\{[^}]+\}/g, 'x');
    const member = await stack.tokenFor('openapi-member', ['co']);
    for (const r of apiCatalogue.filter((e) => e.auth)) {
      expect((await stack.api(fill(r.path), { method: r.method })).status, `${r.method} ${r.path} as a visitor`).toBe(401);
      if (r.roles)
        expect((await stack.api(fill(r.path), { method: r.method, token: member })).status, `${r.method} ${r.path} without the role`).toBe(
          403,
        );
    }
    for (const r of apiCatalogue.filter((e) => !e.auth && e.method === 'GET' && !e.path.includes('{'))) {
      expect((await stack.api(r.path)).status, `GET ${r.path} as a visitor`).not.toBe(401);
    }
  });
});
