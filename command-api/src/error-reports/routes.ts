// The demo's local error-report sink: the web app's Sentry SDK tunnels its envelopes here when no
// DSN is configured, and they are kept in dev_error_reports (shown at /api/v1/dev/errors.html)
// instead of being sent anywhere. Mounted only in the demo.
import type { Migration } from '@murmur/eventstore';
import { ApiError, defineRoute, demoSettings, storeEnvelope } from '@murmur/platform';
import express from 'express';
import type { CommandModule } from '../command-module.ts';

export const errorReportMigrations: Migration[] = [
  {
    id: 'error-reports-001-dev-sink',
    sql: `
      -- Error events the demo kept instead of sending (both services and the web app); dev page only.
      create table dev_error_reports (
        id bigserial primary key,
        source text not null,
        envelope_header text not null,
        event jsonb not null,
        received_at timestamptz not null default now()
      );
    `,
  },
];

export const errorReportsModule: CommandModule = {
  name: 'error-reports',
  raw(router, deps) {
    if (!demoSettings().localErrorReports) return;
    // The browser SDK posts the envelope as text (newline-delimited JSON).
    const textBody = { before: [express.text({ type: () => true, limit: '256kb' })] };
    defineRoute(
      router,
      'POST /dev/error-reports',
      async ({ req }) => {
        if (typeof req.body !== 'string' || req.body.length === 0)
          throw new ApiError('VALIDATION_FAILED', 'The request body is not an envelope.');
        let stored: number;
        try {
          stored = await storeEnvelope(deps.pool, 'web', req.body);
        } catch {
          throw new ApiError('VALIDATION_FAILED', 'The request body is not an envelope.');
        }
        return { stored };
      },
      textBody,
    );
  },
  routes() {},
};
