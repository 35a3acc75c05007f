// Error reporting seen from the web app: what its SDK is told (the DSN, or the demo's local tunnel,
// or nothing), and the demo's dev page of the reports the local sink kept instead of sending.
import { DEV_ERROR_TUNNEL, DevErrorReportsQuery, type ClientErrorReportingDto } from '@murmur/contracts';
import { defineRoute, demoSettings, LOCAL_SINK_DSN, parse } from '@murmur/platform';
import type express from 'express';
import type { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';

/** SENTRY_BROWSER_DSN (default SENTRY_DSN); in the demo without one the local tunnel; else nothing. */
export function clientErrorReportingFromEnv(env: Record<string, string | undefined> = process.env): ClientErrorReportingDto {
  const dsn = (env.SENTRY_BROWSER_DSN ?? env.SENTRY_DSN)?.trim() || null;
  const environment = env.SENTRY_ENVIRONMENT ?? env.NODE_ENV ?? 'development';
  if (dsn) return { dsn, environment, tunnel: null };
  if (demoSettings(env).localErrorReports) return { dsn: LOCAL_SINK_DSN, environment, tunnel: DEV_ERROR_TUNNEL };
  return { dsn: null, environment, tunnel: null };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface SentryException {
  type?: string;
  value?: string;
  stacktrace?: { frames?: Array<{ filename?: string; function?: string; lineno?: number }> };
}

/** One line a person reads first: the exception's type and message. */
function headline(event: Record<string, unknown>): string {
  const values = (event.exception as { values?: SentryException[] } | undefined)?.values ?? [];
  const last = values[values.length - 1];
  return last ? `${last.type ?? 'Error'}: ${last.value ?? ''}` : String(event.message ?? 'event');
}

export function errorReportRoutes(router: express.Router, deps: QueryDeps): void {
  const configured = deps.clientErrorReporting ?? clientErrorReportingFromEnv();
  defineRoute(router, 'GET /client/error-reporting', ({ res }) => {
    res.setHeader('cache-control', 'public, max-age=300');
    return configured;
  });

  if (!demoSettings().localErrorReports) return;
  const reports = async (q: z.infer<typeof DevErrorReportsQuery>) => {
    const { rows } = await deps.pool.query<{ id: string; source: string; event: Record<string, unknown>; received_at: Date }>(
      'select id::text, source, event, received_at from dev_error_reports order by dev_error_reports.id desc limit $1',
      [q.limit],
    );
    return rows.map((r) => ({ id: r.id, source: r.source, receivedAt: r.received_at.toISOString(), event: r.event }));
  };
  defineRoute(router, 'GET /dev/errors', async ({ query }) => ({ items: await reports(query) }));
  defineRoute(router, 'GET /dev/errors.html', async (req, res) => {
    const items = await reports(parse(DevErrorReportsQuery, req.query));
    const rows = items
      .map((r) => {
        const tags = (r.event.tags as Record<string, string> | undefined) ?? {};
        const where = tags.route ?? (r.event.request as { url?: string } | undefined)?.url ?? '';
        return `<article><h3>${escapeHtml(headline(r.event))}</h3><p class="meta">${escapeHtml(r.source)} · ${escapeHtml(where)} · ${escapeHtml(r.receivedAt)}</p>
<details><summary>The event as it would have been sent</summary><pre>${escapeHtml(JSON.stringify(r.event, null, 2))}</pre></details></article>`;
      })
      .join('');
    res.type('html')
      .send(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta http-equiv="refresh" content="10"><title>Dev error reports</title>
<style>body{font:15px system-ui;background:#111;color:#eee;max-width:860px;margin:2rem auto;padding:0 1rem}article{border:1px solid #333;border-radius:8px;padding:0 1rem;margin:1rem 0;background:#1b1b1f}h3{font-size:16px;word-break:break-word}.meta{color:#999;font-size:13px}pre{white-space:pre-wrap;word-break:break-word;font-size:12px;max-height:24rem;overflow:auto}a{color:#9cf}</style>
<h1>Dev error reports</h1><p class="meta">What the API and the web app would have sent to the error-reporting service (no DSN is configured, so nothing left this machine). Refreshes every 10 s. <a href="/api/v1/dev/mailbox.html">Dev mailbox</a> · <a href="/api/v1/dev/sms.html">Dev SMS inbox</a></p>${rows || '<p>No errors reported.</p>'}`);
  });
}
