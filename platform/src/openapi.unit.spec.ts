// The OpenAPI generator: paths, parameters, bodies, security and the fallback for schemas JSON Schema cannot express.
import type { ApiRoute } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, renderApiDocsHtml, requestSchema } from './openapi.ts';

const Body = z.object({ title: z.string().min(1).max(40), seats: z.coerce.number().int().default(8), mode: z.enum(['a', 'b']).optional() });
const Query = z.object({ page: z.coerce.number().int().min(1).default(1), q: z.string() });
const Thing = z.object({ id: z.string(), seats: z.number().int(), note: z.string().nullable() });
const routes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/things/{id}/parts/{partId}',
    tag: 'things',
    name: 'addPart',
    summary: 'Add a <part>',
    auth: true,
    body: Body,
    response: z.object({ position: z.string() }),
    status: 201,
  },
  {
    method: 'GET',
    path: '/things',
    tag: 'things',
    name: 'list',
    summary: 'List things',
    auth: false,
    query: Query,
    response: z.object({ items: z.array(Thing) }),
  },
  {
    method: 'DELETE',
    path: '/admin/things/{id}',
    tag: 'admin',
    name: 'remove',
    summary: 'Remove a thing',
    auth: true,
    roles: ['ad', 'dev'],
  },
  { method: 'POST', path: '/hooks/pay', tag: 'admin', name: 'payHook', summary: 'Webhook', auth: false, rawBody: 'signed bytes' },
];
const doc = buildOpenApiDocument(routes);

describe('buildOpenApiDocument', () => {
  it('is OpenAPI 3.1 with the error envelope and bearer auth as shared components', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(doc.tags).toEqual([{ name: 'things' }, { name: 'admin' }]);
    expect(doc.components.securitySchemes!.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const envelope = doc.components.schemas!.ErrorEnvelope as { properties: { error: { required: string[] } } };
    expect(envelope.properties.error.required).toEqual(expect.arrayContaining(['code', 'message']));
    expect(doc.components.responses!.Error).toEqual({
      description: expect.any(String),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    });
  });

  it('declares path parameters and the request body from the zod schema, input side', () => {
    const op = doc.paths['/things/{id}/parts/{partId}']!.post!;
    expect(op.operationId).toBe('postThingsByIdPartsByPartId');
    expect(op.parameters!.map((p) => [p.name, p.in, p.required])).toEqual([
      ['id', 'path', true],
      ['partId', 'path', true],
    ]);
    const schema = op.requestBody!.content['application/json']!.schema as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
      $schema?: string;
    };
    expect(schema.$schema).toBeUndefined();
    expect(schema.properties.title).toMatchObject({ type: 'string', minLength: 1, maxLength: 40 });
    // Defaults and optionals are not required of the caller.
    expect(schema.required).toEqual(['title']);
    expect(schema.properties.mode).toMatchObject({ enum: ['a', 'b'] });
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(op.responses)).toEqual(['201', '400', '401', 'default']);
  });

  it('declares the answer body from the route DTO, under its success status', () => {
    const created = doc.paths['/things/{id}/parts/{partId}']!.post!.responses['201'] as {
      content: Record<string, { schema: Record<string, unknown> }>;
    };
    expect(created.content['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['position'],
      properties: { position: { type: 'string' } },
    });
    const list = doc.paths['/things']!.get!.responses['200'] as {
      content: Record<string, { schema: { properties: { items: { items: Record<string, unknown> } } } }>;
    };
    const item = list.content['application/json']!.schema.properties.items.items;
    expect(item).toMatchObject({
      required: ['id', 'seats', 'note'],
      properties: { seats: { type: 'integer' }, note: { type: ['string', 'null'] } },
    });
    // A route without a DTO still documents its success, without a body schema.
    expect(doc.paths['/hooks/pay']!.post!.responses['200']).toEqual({ description: expect.any(String) });
  });

  it('turns a query schema into query parameters', () => {
    const op = doc.paths['/things']!.get!;
    expect(op.parameters).toEqual([
      { name: 'page', in: 'query', required: false, schema: expect.objectContaining({ type: 'integer', minimum: 1, default: 1 }) },
      { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
    ]);
    expect(op.requestBody).toBeUndefined();
    expect(op.security).toEqual([{}, { bearerAuth: [] }]);
    expect(op.responses['401']).toBeUndefined();
  });

  it('names the roles and answers 403 for role routes', () => {
    const op = doc.paths['/admin/things/{id}']!.delete!;
    expect(op['x-roles']).toEqual(['ad', 'dev']);
    expect(op.description).toContain('ad, dev');
    expect(op.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
  });

  it('describes a raw body as bytes', () => {
    expect(doc.paths['/hooks/pay']!.post!.requestBody!.content['application/octet-stream']!.schema).toMatchObject({
      type: 'string',
      description: 'signed bytes',
    });
  });

  it('builds the document of the real catalogue with every body converted', () => {
    const real = buildOpenApiDocument();
    expect(Object.keys(real.paths).length).toBeGreaterThan(100);
    expect(JSON.stringify(real)).not.toContain('Shape not expressible');
  });
});

describe('requestSchema', () => {
  it('converts the input side of a transform', () => {
    expect(requestSchema(z.string().transform((s) => s.length))).toEqual({ type: 'string' });
  });

  it('falls back to a plain object for what JSON Schema cannot express', () => {
    expect(requestSchema(z.object({ at: z.custom<Date>((v) => v instanceof Date) }))).toMatchObject({ type: 'object' });
    expect(requestSchema(z.object({ n: z.bigint() }))).toMatchObject({ type: 'object', description: expect.stringContaining('contracts') });
  });
});

describe('renderApiDocsHtml', () => {
  const html = renderApiDocsHtml(doc);
  it('groups routes by tag, escapes text and shows bodies', () => {
    expect(html.indexOf('<h2>things')).toBeLessThan(html.indexOf('<h2>admin'));
    expect(html).toContain('Add a &lt;part&gt;');
    expect(html).not.toContain('<part>');
    expect(html).toContain('&quot;maxLength&quot;: 40');
    expect(html).toContain('token, role ad or dev');
    expect(html).toContain('<h4>Answer 201</h4>');
  });

  it('loads nothing from anywhere', () => {
    expect(html).not.toMatch(/<script|<link|<img|src=|https?:\/\//i);
  });
});
