// The query side's HTTP app: reads read models only; never appends.
import {
  apiVersionAliases,
  authenticate,
  errorHandler,
  notFoundHandler,
  observabilityRouter,
  refuseUnstorableText,
  trustProxySetting,
} from '@murmur/platform';
import { apiDocsRouter } from '@murmur/platform/openapi';
import express from 'express';
import type { QueryDeps } from './dependencies.ts';
import { queryModules } from './modules.ts';

export function createQueryApp(deps: QueryDeps, options: { trustProxy?: string } = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(options.trustProxy));
  app.use(observabilityRouter('query-api', deps.pool));
  const api = express.Router();
  api.use(refuseUnstorableText);
  // Before onboarding a caller reads what a visitor may, and their own account (to be shown the terms step).
  api.use(authenticate(deps.jwtSecret, deps.sessionGuard, { beforeOnboarding: (req) => req.path === '/user/me' }));
  for (const mount of queryModules) mount(api, deps);
  // The versioned aliases the clients call (v0 home, v2 lobbies...) answer as their v1 routes.
  app.use(apiVersionAliases);
  app.use('/api/v1', api);
  app.use('/api/docs', apiDocsRouter());
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger, deps.errorReporter));
  return app;
}
