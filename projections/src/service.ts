// The projections worker: runs every projector, serves /healthz and /metrics (lag per projection,
// oldest open transaction age).
import { createLogger, observabilityRouter } from '@murmur/platform';
import express from 'express';
import http from 'node:http';
import type pg from 'pg';
import client from 'prom-client';
import { ensureReadModels } from './read-models.ts';
import { projectors } from './registry.ts';
import { ProjectionRunner } from './runner.ts';
import { projectionStatus } from './status.ts';

export async function buildProjectionsService(pool: pg.Pool, connectionString: string) {
  const logger = createLogger('projections');
  await ensureReadModels(pool);
  const runner = new ProjectionRunner(pool, connectionString, projectors, {
    onError: (name, err) => logger.error({ err, projection: name }, 'projection batch failed; retrying'),
  });
  const registry = new client.Registry();
  const lag = new client.Gauge({
    name: 'murmur_projection_lag_events',
    help: 'Events not yet applied',
    labelNames: ['projection'],
    registers: [registry],
  });
  const lagSeconds = new client.Gauge({
    name: 'murmur_projection_lag_seconds',
    help: 'Age of the oldest unapplied event',
    labelNames: ['projection'],
    registers: [registry],
  });
  new client.Gauge({
    name: 'murmur_oldest_open_transaction_seconds',
    help: 'Age of the oldest open transaction (holds log readers back)',
    registers: [registry],
    async collect() {
      const s = await projectionStatus(pool, projectors);
      for (const p of s.projections) {
        lag.set({ projection: p.name }, p.lagEvents);
        lagSeconds.set({ projection: p.name }, p.lagSeconds);
      }
      this.set(s.oldestOpenTransactionSeconds);
    },
  });
  const app = express();
  app.use(observabilityRouter('projections', pool, registry));
  app.get('/status', async (_req, res) => res.json(await projectionStatus(pool, projectors)));
  const server = http.createServer(app);
  return { runner, server, logger };
}
