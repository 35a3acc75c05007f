// Error reporting (Sentry's SDK, or a compatible one): what the web app's SDK is told, and the demo's
// local sink of reports that would have been sent.
import { z } from 'zod';

/** GET client/error-reporting: `dsn` null means the web app reports nothing. In the demo without a
 * DSN, `tunnel` sends the SDK's envelopes to the local sink instead of the DSN's ingest. */
export const ClientErrorReportingDto = z.object({
  dsn: z.string().nullable(),
  environment: z.string(),
  tunnel: z.string().nullable(),
});
export type ClientErrorReportingDto = z.infer<typeof ClientErrorReportingDto>;

/** The demo's local sink: Sentry events as they would have been sent, newest first. */
export const DevErrorReports = z.object({
  items: z.array(z.object({ id: z.string(), source: z.string(), receivedAt: z.string(), event: z.record(z.string(), z.unknown()) })),
});
export type DevErrorReports = z.infer<typeof DevErrorReports>;

/** GET dev/errors(.html): how many of the latest reports. */
export const DevErrorReportsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(30) });

export const DevErrorReportsStored = z.object({ stored: z.number().int() });

/** Where the web app's SDK tunnels its envelopes in the demo (command-api keeps them). */
export const DEV_ERROR_TUNNEL = '/api/v1/dev/error-reports';
