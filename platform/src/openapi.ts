// Builds the OpenAPI 3.1 document from the contracts' route catalogue and zod schemas, and serves it with a small HTML index.
import { apiCatalogue, ErrorEnvelope, type ApiRoute } from '@murmur/contracts';
import express from 'express';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
};
export type { OpenApiDocument };

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema; description?: string }>;
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  'x-roles'?: string[];
}

/** Any JSON value; used where a zod schema has no JSON Schema form. */
const FALLBACK: JsonSchema = { type: 'object', description: 'Shape not expressible in JSON Schema; see the contracts module.' };

/**
 * The request side of a schema (io 'input': defaults are optional, coercions accept their input).
 * A schema zod cannot express (custom checks, some transforms) degrades to a plain object rather
 * than failing the whole document: one odd schema must not take /api/docs down.
 */
export function requestSchema(schema: z.ZodType): JsonSchema {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'throw' }) as JsonSchema;
    delete json.$schema;
    return json;
  } catch {
    return { ...FALLBACK };
  }
}

/** The answer side of a DTO (io 'output'); like requests, an inexpressible schema degrades rather than failing the document. */
export function responseSchema(schema: z.ZodType): JsonSchema {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12', unrepresentable: 'throw' }) as JsonSchema;
    delete json.$schema;
    return json;
  } catch {
    return { ...FALLBACK };
  }
}

const operationId = (r: ApiRoute) =>
  `${r.method.toLowerCase()}${r.path
    .replace(/\{([^}]+)\}/g, 'By-$1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;

const errorRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

function queryParameters(schema: z.ZodType): NonNullable<OpenApiOperation['parameters']> {
  const json = requestSchema(schema);
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [{ name: 'query', in: 'query', required: false, schema: json, description: 'Query parameters as one object.' }];
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, s]) => ({ name, in: 'query' as const, required: required.has(name), schema: s }));
}

function operation(r: ApiRoute): OpenApiOperation {
  const pathParams = [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1]!,
    in: 'path' as const,
    required: true,
    schema: { type: 'string' },
  }));
  const parameters = [...pathParams, ...(r.query ? queryParameters(r.query) : [])];
  const description =
    r.method === 'GET' ? 'The resource.' : 'Done; commands answer with `position`, the global position of the last appended event.';
  const responses: Record<string, unknown> = {
    [String(r.status ?? 200)]: r.response
      ? { description, content: { 'application/json': { schema: responseSchema(r.response) } } }
      : r.rawAnswer
        ? {
            description: r.rawAnswer.description,
            content: { [r.rawAnswer.contentType]: { schema: { type: 'string', contentMediaType: r.rawAnswer.contentType } } },
          }
        : { description },
  };
  if (r.body || r.query || r.rawBody || parameters.length > 0) responses['400'] = errorRef('BadRequest');
  if (r.auth) responses['401'] = errorRef('Unauthenticated');
  if (r.roles?.length) responses['403'] = errorRef('Forbidden');
  responses.default = errorRef('Error');
  const op: OpenApiOperation = {
    operationId: operationId(r),
    tags: [r.tag],
    summary: r.summary,
    // A visitor may still send a token on open routes (it personalises the answer).
    security: r.auth ? [{ bearerAuth: [] }] : [{}, { bearerAuth: [] }],
    responses,
  };
  if (r.roles?.length) {
    op.description = `Needs one of the roles: ${r.roles.join(', ')}.`;
    op['x-roles'] = r.roles;
  }
  if (parameters.length > 0) op.parameters = parameters;
  if (r.body) op.requestBody = { required: true, content: { 'application/json': { schema: requestSchema(r.body) } } };
  else if (r.rawBody)
    op.requestBody = {
      required: true,
      content: {
        'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream', description: r.rawBody } },
      },
    };
  return op;
}

export function buildOpenApiDocument(routes: ApiRoute[] = apiCatalogue, info: { version?: string } = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const r of routes) (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r);
  const envelope = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Murmur API',
      version: info.version ?? '1',
      description:
        'Generated from the zod schemas in contracts. Every failure answers with the error envelope. Commands (POST/PUT/DELETE) go to command-api, queries (GET) to query-api.',
    },
    servers: [{ url: '/api/v1' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorEnvelope: z.toJSONSchema(ErrorEnvelope, { target: 'draft-2020-12' }) },
      responses: {
        BadRequest: envelope('Validation failed (code VALIDATION_FAILED).'),
        Unauthenticated: envelope('No valid access token (code UNAUTHENTICATED).'),
        Forbidden: envelope('The token holds none of the needed roles (code FORBIDDEN).'),
        Error: envelope('Any other failure, in the error envelope.'),
      },
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A self-contained page (no scripts, no outside assets) listing the routes by tag. */
export function renderApiDocsHtml(doc: OpenApiDocument): string {
  const byTag = new Map<string, Array<{ method: string; path: string; op: OpenApiOperation }>>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  }
  const section = ([tag, ops]: [string, Array<{ method: string; path: string; op: OpenApiOperation }>]) => {
    const items = ops.map(({ method, path, op }) => {
      const auth = op['x-roles']
        ? `token, role ${op['x-roles'].join(' or ')}`
        : op.security.some((s) => Object.keys(s).length === 0)
          ? 'open'
          : 'token';
      const params = (op.parameters ?? []).filter((p) => p.in === 'query');
      const body = op.requestBody ? Object.values(op.requestBody.content)[0]!.schema : null;
      const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'));
      const answer = (success?.[1] as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.['application/json']
        ?.schema;
      const details = [
        params.length
          ? `<h4>Query</h4><pre>${escapeHtml(JSON.stringify(Object.fromEntries(params.map((p) => [p.name + (p.required ? '' : '?'), p.schema])), null, 2))}</pre>`
          : '',
        body ? `<h4>Body</h4><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre>` : '',
        answer ? `<h4>Answer ${escapeHtml(success![0])}</h4><pre>${escapeHtml(JSON.stringify(answer, null, 2))}</pre>` : '',
      ].join('');
      const head = `<span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>/api/v1${escapeHtml(path)}</code> ${escapeHtml(op.summary)} <span class="a">${escapeHtml(auth)}</span>`;
      return details ? `<li><details><summary>${head}</summary>${details}</details></li>` : `<li><div class="row">${head}</div></li>`;
    });
    return `<section id="${escapeHtml(tag)}"><h2>${escapeHtml(tag)} <small>${ops.length}</small></h2><ul>${items.join('')}</ul></section>`;
  };
  const tags = [...byTag.entries()];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1d1d1f}
h2{border-bottom:1px solid #ddd;padding-bottom:.2rem;margin-top:2rem}h2 small{color:#888;font-weight:normal}
ul{list-style:none;padding:0}li{margin:.2rem 0}summary,.row{cursor:default;padding:.15rem 0}summary{cursor:pointer}
.m{display:inline-block;width:4.2rem;font-weight:600;font-family:ui-monospace,monospace}.get{color:#0a7d32}.post{color:#0b5cad}.put{color:#a15c00}.delete{color:#b3261e}
.a{color:#777;font-size:12px}pre{background:#f5f5f7;padding:.6rem;overflow:auto;font-size:12px}nav a{margin-right:.8rem}
</style></head><body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description)} Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI ${doc.openapi}).</p>
<nav>${tags.map(([t]) => `<a href="#${escapeHtml(t)}">${escapeHtml(t)}</a>`).join('')}</nav>
${tags.map(section).join('\n')}
</body></html>`;
}

/** GET / (HTML) and GET /openapi.json; mount at /api/docs. The document is built once, on first use. */
export function apiDocsRouter(routes: ApiRoute[] = apiCatalogue): express.Router {
  let doc: OpenApiDocument | undefined;
  let html: string | undefined;
  const document = () => (doc ??= buildOpenApiDocument(routes));
  const router = express.Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(document());
  });
  router.get('/', (_req, res) => {
    html ??= renderApiDocsHtml(document());
    // Nothing on the page loads from anywhere: no scripts, inline styles only.
    res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.type('html').send(html);
  });
  return router;
}
