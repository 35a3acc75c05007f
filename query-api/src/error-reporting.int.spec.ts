// Unexpected API errors reported through Sentry's SDK: with a DSN they reach (a local server shaped
// like) Sentry's ingest with the route and the signed-in user; in the demo without a DSN they land in
// the local sink and its dev page instead; with neither nothing is reported or sent.
import { createErrorReporter, errorReporterFromEnv } from '@murmur/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSentryIngest, type SentryIngest } from '../../test-support/sentry-ingest.ts';
import { startTestStack, type TestStack } from '../../test-support/stack.ts';
import { clientErrorReportingFromEnv } from './error-reports/routes.ts';

let ingest: SentryIngest;
let stack: TestStack;
beforeAll(async () => {
  ingest = await startSentryIngest();
  stack = await startTestStack({
    queryOverrides: { errorReporter: createErrorReporter('query-api', { dsn: ingest.dsn, environment: 'test' }) },
    commandOverrides: { errorReporter: createErrorReporter('command-api', { dsn: ingest.dsn, environment: 'test' }) },
  });
});
afterAll(async () => {
  await stack?.stop();
  await ingest?.close();
});

/** A real failure inside a route: the table it reads is gone for a moment. */
async function withBrokenTable<T>(table: string, run: () => Promise<T>): Promise<T> {
  await stack.db.pool.query(`alter table ${table} rename to ${table}_away`);
  try {
    return await run();
  } finally {
    await stack.db.pool.query(`alter table ${table}_away rename to ${table}`);
  }
}

describe('API errors with a DSN', () => {
  it('reports a thrown route error to the ingest, with its route and user, and answers the generic 500', async () => {
    const token = await stack.tokenFor('reporter-user');
    const res = await withBrokenTable('dev_sms_inbox', () => stack.api('/dev/sms', { token }));
    expect(res.status).toBe(500);
    expect(res.body.error).toEqual({ code: 'INTERNAL', message: 'An error has occured.' });
    const { event, project } = await ingest.waitFor((e) => e.event.tags?.route === 'GET /api/v1/dev/sms');
    expect(project).toBe('42');
    expect(event.exception.values.at(-1).value).toMatch(/dev_sms_inbox/);
    expect(event).toMatchObject({
      environment: 'test',
      server_name: 'query-api',
      user: { id: 'reporter-user' },
      tags: { service: 'query-api' },
    });
  });

  it('reports nothing for an ordinary refusal (4xx)', async () => {
    const before = ingest.events.length;
    expect((await stack.api('/user/me')).status).toBe(401);
    expect((await stack.api('/auth/otp', { method: 'POST', body: { email: 'nope' } })).status).toBe(400);
    await stack.query.deps.errorReporter!.flush();
    expect(ingest.events.length).toBe(before);
  });
});

describe('without a DSN', () => {
  it('keeps reports in the local sink in the demo, shown on the dev page, and sends nothing', async () => {
    const local = errorReporterFromEnv('command-api', stack.db.pool, { MURMUR_DEMO: 'on' })!;
    const sent = ingest.envelopes;
    local.report({ error: new Error('kept locally'), method: 'POST', path: '/api/v1/lobbies' });
    await local.flush();
    const page = await stack.api('/dev/errors.html');
    expect(page.body).toContain('Error: kept locally');
    expect(page.body).toContain('POST /api/v1/lobbies');
    const json = await stack.api('/dev/errors');
    expect(json.body.items[0]).toMatchObject({
      source: 'command-api',
      event: { server_name: 'command-api', tags: { route: 'POST /api/v1/lobbies' } },
    });
    expect(ingest.envelopes).toBe(sent);
  });

  it('reports nothing at all outside the demo, and tells the web app nothing', () => {
    expect(errorReporterFromEnv('command-api', stack.db.pool, { MURMUR_DEMO: 'off' })).toBeNull();
    expect(clientErrorReportingFromEnv({ MURMUR_DEMO: 'off' })).toEqual({ dsn: null, environment: 'development', tunnel: null });
    expect(clientErrorReportingFromEnv({ MURMUR_DEMO: 'on' })).toMatchObject({ tunnel: '/api/v1/dev/error-reports' });
    expect(clientErrorReportingFromEnv({ SENTRY_DSN: 'https://k@o1.ingest.example/5' })).toMatchObject({
      dsn: 'https://k@o1.ingest.example/5',
      tunnel: null,
    });
  });
});
