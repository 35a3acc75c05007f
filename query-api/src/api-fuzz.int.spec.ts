// Fuzzes every route of the API catalogue: bodies, queries, path ids and headers derived
// from the routes' zod schemas, valid, on the boundary and hostile, sent by a signed-in operator who
// holds every role (so requests get past the role checks), aimed at another user's things. Never a 5xx, never a stack trace in a
// body, and a refused request appends nothing. CI runs a fixed seed and a small budget;
// `npm run fuzz` runs a long one (FUZZ_RUNS, FUZZ_SEED).
import { apiCatalogue, type ApiRoute } from '@murmur/contracts';
import { headPosition } from '@murmur/eventstore';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AGENT, createOwnerFixture, pathAt, type OwnerFixture } from '../../test-support/owner-fixture.ts';
import { appendedSince } from '../../test-support/nothing-written.ts';
import { startTestStack, type TestStack } from '../../test-support/stack.ts';
import { arbitraryOf, hostileBodyOf, hostileString, hostileValue, malformedJson } from '../../test-support/zod-arbitrary.ts';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

let stack: TestStack;
let fixture: OwnerFixture;
let token: string;
const OPERATOR = 'fz-operator';
/** A fresh session for each route: a fuzzed sign-out or "sign out everywhere" must not blind the rest. */
const signIn = async () => (token = await stack.tokenFor(OPERATOR, ['co', 'cr', 'h', 'ag', 'ad', 'dev']));

beforeAll(async () => {
  stack = await startTestStack();
  fixture = await createOwnerFixture(stack, await stack.tokenFor(AGENT, ['co', 'ag']));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

interface FuzzRequest {
  path: string;
  query: Record<string, unknown> | null;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string } | null;
  headers: Record<string, string>;
}

/** Header values must be visible ASCII to be sent at all; hostile ones stay within that. */
const headerValue = fc.oneof(
  { weight: 8, arbitrary: fc.uuid() },
  fc.string({ maxLength: 30, unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
  fc.constantFrom('-1', '99999999999999999999', 'NaN', '0x10', ''),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'k'.repeat(n)),
);

/** A path segment carrying any string, a lone surrogate as the bytes a client would send (%ED%A0%80). */
function pathSegment(text: string): string {
  return [...text]
    .map((ch) =>
      /^[\ud800-\udfff]$/.test(ch)
        ? [...Buffer.from([0xe0 | (ch.charCodeAt(0) >> 12), 0x80 | ((ch.charCodeAt(0) >> 6) & 0x3f), 0x80 | (ch.charCodeAt(0) & 0x3f)])]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(ch),
    )
    .join('');
}

function requestOf(route: ApiRoute): fc.Arbitrary<FuzzRequest> {
  const hostileId = hostileString.map((s) => pathSegment(s.slice(0, 2_000)));
  const path = fc.oneof(
    { weight: 3, arbitrary: fc.constant(pathAt(route, fixture)) },
    { weight: 1, arbitrary: hostileId.map((id) => route.path.replace(/\{[^}]+\}/g, id)) },
  );
  const query = route.query
    ? fc.oneof(arbitraryOf(route.query), hostileBodyOf(route.query))
    : fc.option(fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 }), { nil: null });
  const json = route.body
    ? fc.oneof({ weight: 2, arbitrary: arbitraryOf(route.body) }, { weight: 2, arbitrary: hostileBodyOf(route.body) })
    : hostileValue;
  const body =
    route.method === 'GET'
      ? fc.constant(null)
      : fc.oneof(
          { weight: 5, arbitrary: json.map((value) => ({ kind: 'json' as const, value })) },
          { weight: 1, arbitrary: malformedJson.map((text) => ({ kind: 'raw' as const, text, contentType: 'application/json' })) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                fc.json(),
                fc.constantFrom('text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/xml'),
              )
              .map(([text, contentType]) => ({ kind: 'raw' as const, text, contentType })),
          },
        );
  const headers = fc.record(
    { 'idempotency-key': headerValue, 'x-min-position': fc.oneof(fc.constant('0'), headerValue) },
    { requiredKeys: [] },
  );
  return fc.record({ path, query: query as fc.Arbitrary<Record<string, unknown> | null>, body, headers });
}

function queryString(query: Record<string, unknown> | null): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function send(route: ApiRoute, request: FuzzRequest) {
  const base = route.method === 'GET' ? stack.queryUrl : stack.commandUrl;
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...request.headers };
  let body: string | undefined;
  if (request.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body.value) ?? 'null';
  } else if (request.body?.kind === 'raw') {
    headers['content-type'] = request.body.contentType;
    body = request.body.text;
  }
  const res = await fetch(`${base}/api/v1${request.path}${queryString(request.query)}`, { method: route.method, headers, body });
  return { status: res.status, text: await res.text() };
}

const STACK_TRACE = /\bat .+\.(ts|js):\d+|node_modules\//;

it(`answers every route's valid, boundary and hostile requests without a 5xx or a stack trace, and a refusal writes nothing (${RUNS_PER_ROUTE} runs a route, seed ${SEED})`, async () => {
  const problems: string[] = [];
  const statuses = new Map<number, number>();
  const routes = apiCatalogue.filter((r) => !r.rawBody);
  for (const [index, route] of routes.entries()) {
    await signIn();
    await fc.assert(
      fc.asyncProperty(requestOf(route), async (request) => {
        const before = await headPosition(stack.db.pool);
        const res = await send(route, request);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const label = `${route.method} ${request.path.slice(0, 120)} -> ${res.status}`;
        if (res.status >= 500) problems.push(`${label}: ${res.text.slice(0, 300)}`);
        if (STACK_TRACE.test(res.text)) problems.push(`${label}: stack trace in the body`);
        const written = res.status >= 400 && route.method !== 'GET' ? await appendedSince(stack.db.pool, before, 'anyRequest') : [];
        if (written.length > 0) problems.push(`${label}: refused but appended ${written.join(', ')}`);
      }),
      { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
  }
  // What the requests met, so a run that only ever hit validation shows it.
  console.info('fuzz statuses', Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
  expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
  expect(problems).toEqual([]);
}, 600_000);
