// The command side's HTTP app: every route under /api/v1 appends events and answers with the
// global position it appended, so clients can read their own writes.
import {
  apiVersionAliases,
  authenticate,
  catalogueEntry,
  errorHandler,
  notFoundHandler,
  observabilityRouter,
  refuseUnstorableText,
  trustProxySetting,
} from '@murmur/platform';
import express from 'express';
import type { CommandDeps } from './dependencies.ts';
import { commandModules } from './modules.ts';
import { routesBySegment } from './routes-by-segment.ts';

export function createCommandApp(deps: CommandDeps, options: { trustProxy?: string } = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // A command's answer is never revalidated, so hashing every body for an ETag is wasted.
  app.set('etag', false);
  app.set('trust proxy', trustProxySetting(options.trustProxy));
  app.use(observabilityRouter('command-api', deps.pool));
  const api = express.Router();
  for (const mount of commandModules) mount.raw?.(api, deps);
  api.use(express.json({ limit: '256kb' }));
  api.use(refuseUnstorableText);
  // Before onboarding only the terms step itself (sign-in and sign-out are mounted above).
  const onboarding = catalogueEntry('POST /user/onboarding');
  api.use(
    authenticate(deps.jwtSecret, deps.sessionGuard, {
      beforeOnboarding: (req) => req.method === onboarding.method && req.path === onboarding.path,
    }),
  );
  // Grouped by first segment, so a request tests only its own group's routes (routes-by-segment.ts).
  const routes = routesBySegment();
  for (const mount of commandModules) mount.routes(routes.router, deps);
  routes.mountOn(api);
  // The versioned aliases the clients call (v0 home, v2 lobbies...) answer as their v1 routes.
  app.use(apiVersionAliases);
  app.use('/api/v1', api);
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger, deps.errorReporter));
  return app;
}
