// Page errors reported through Sentry's browser SDK (@sentry/react), loaded only when the server
// names a DSN (GET client/error-reporting): uncaught errors and rejections (the SDK's global
// handlers) and errors React caught while rendering. No DSN: the SDK is never loaded, nothing is sent.
// In the demo the DSN is a placeholder and `tunnel` hands the envelopes to the local sink.
import type { ErrorInfo } from 'react';
import { api } from '../api/api.generated.ts';

type SentryModule = typeof import('@sentry/react');
let sentry: SentryModule | null = null;

export async function startErrorReporting(): Promise<void> {
  const config = await api.operations.errorReporting({ quiet: true }).catch(() => null);
  if (!config?.dsn) return;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    tunnel: config.tunnel ?? undefined,
    // No personal data: no user fields, cookies, headers, bodies or query strings.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    // Errors only: no session pings.
    integrations: (defaults) => defaults.filter((i) => i.name !== 'BrowserSession'),
  });
  sentry = Sentry;
}

/** React's root error callbacks (an error a route's boundary caught, or one none did). */
export function reportRenderError(error: unknown, info: ErrorInfo): void {
  sentry?.captureException(error, { contexts: { react: { componentStack: info.componentStack ?? '' } } });
}
