// Unexpected API errors (the 500s) reported through Sentry's SDK: one client per service (no global
// state, so services sharing a process keep their own), created on the first error. With SENTRY_DSN
// the events go to that ingest; in the demo without a DSN the same events go to a local sink
// (dev_error_reports, shown at /api/v1/dev/errors.html); otherwise nothing is reported or sent.
import { primaryOf } from '@murmur/eventstore';
import type pg from 'pg';
import { demoSettings } from './demo-mode.ts';

export interface ErrorReport {
  error: unknown;
  method: string;
  path: string;
  uid?: string;
}

export interface ErrorReporter {
  report(report: ErrorReport): void;
  /** Waits until what was reported has left (tests, shutdown). */
  flush(timeoutMs?: number): Promise<boolean>;
}

/** A DSN that is never contacted: the local sink's transport keeps the events instead. */
export const LOCAL_SINK_DSN = 'http://localsink@127.0.0.1/1';

export interface ErrorReporterSettings {
  /** The Sentry (or compatible) project DSN; without it only the local sink may receive. */
  dsn?: string;
  environment: string;
  release?: string;
  /** Keep events in dev_error_reports instead of sending them (the demo without a DSN). */
  localSink?: pg.Pool;
}

/** Keeps a Sentry envelope's items (what would have been sent) for the dev page. */
export async function storeEnvelope(pool: pg.Pool, source: string, body: string | Uint8Array): Promise<number> {
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const [header, ...rest] = text.split('\n').filter((l) => l.trim() !== '');
  let stored = 0;
  for (let i = 0; i + 1 < rest.length; i += 2) {
    const itemHeader = JSON.parse(rest[i]!) as { type?: string };
    if (itemHeader.type !== 'event') continue;
    await pool.query('insert into dev_error_reports (source, envelope_header, event) values ($1, $2, $3)', [
      source,
      header ?? '{}',
      rest[i + 1],
    ]);
    stored++;
  }
  return stored;
}

/** V8's stack lines (`at fn (file:line:col)`), for the events' frames. */
const v8StackLine = (line: string) => {
  const m = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
  if (!m) return undefined;
  return { function: m[1] ?? '?', filename: m[2], lineno: Number(m[3]), colno: Number(m[4]), in_app: !m[2]!.includes('/node_modules/') };
};

export function createErrorReporter(service: string, s: ErrorReporterSettings): ErrorReporter | null {
  if (!s.dsn && !s.localSink) return null;
  // Sentry's server runtime client (the core of its server SDKs, without the tracing @sentry/node loads).
  type Ready = { client: import('@sentry/core/server').ServerRuntimeClient; scope: import('@sentry/core').Scope };
  let ready: Promise<Ready> | null = null;
  const start = () =>
    (ready ??= Promise.all([import('@sentry/core'), import('@sentry/core/server')]).then(([Sentry, { ServerRuntimeClient }]) => {
      const sink = s.dsn ? null : s.localSink!;
      const dsn = s.dsn ?? LOCAL_SINK_DSN;
      const endpoint = sink ? '' : Sentry.getEnvelopeEndpointWithUrlEncodedAuth(Sentry.makeDsn(dsn)!);
      const client = new ServerRuntimeClient({
        dsn,
        environment: s.environment,
        release: s.release,
        serverName: service,
        stackParser: Sentry.createStackParser([90, v8StackLine]),
        integrations: [Sentry.dedupeIntegration(), Sentry.linkedErrorsIntegration()],
        // With a DSN: the envelope to its ingest; without: into the local sink.
        transport: (options) =>
          Sentry.createTransport(options, async (request) => {
            if (sink) {
              await storeEnvelope(sink, service, request.body);
              return { statusCode: 200 };
            }
            const res = await fetch(endpoint, { method: 'POST', body: request.body as BodyInit, signal: AbortSignal.timeout(10_000) });
            return {
              statusCode: res.status,
              headers: { 'retry-after': res.headers.get('retry-after'), 'x-sentry-rate-limits': res.headers.get('x-sentry-rate-limits') },
            };
          }),
      });
      const scope = new Sentry.Scope();
      scope.setClient(client);
      scope.setTag('service', service);
      scope.addEventProcessor((event) => ({ ...event, server_name: service }));
      client.init();
      return { client, scope };
    }));
  const pending = new Set<Promise<unknown>>();
  return {
    report({ error, method, path, uid }) {
      const sent = start()
        .then(({ scope }) => {
          const one = scope.clone();
          one.setTag('route', `${method} ${path}`);
          one.setContext('request', { method, path });
          if (uid) one.setUser({ id: uid });
          one.captureException(error);
        })
        .catch(() => undefined);
      pending.add(sent);
      void sent.finally(() => pending.delete(sent));
    },
    async flush(timeoutMs = 2000) {
      await Promise.all(pending);
      return ready ? (await ready).client.flush(timeoutMs) : true;
    },
  };
}

/** SENTRY_DSN (and SENTRY_ENVIRONMENT, SENTRY_RELEASE); the local sink in the demo without one. */
export function errorReporterFromEnv(
  service: string,
  pool: pg.Pool,
  env: Record<string, string | undefined> = process.env,
): ErrorReporter | null {
  const dsn = env.SENTRY_DSN?.trim() || undefined;
  // The sink writes: on the primary when `pool` reads from a replica.
  const localSink = !dsn && demoSettings(env).localErrorReports ? primaryOf(pool) : undefined;
  return createErrorReporter(service, {
    dsn,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV ?? 'development',
    release: env.SENTRY_RELEASE,
    localSink,
  });
}
