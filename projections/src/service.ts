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
  const registry = new client.Registry();
  // Each projector's apply time and events, so the slowest projector is named (bench/stack.bench.ts).
  const applySeconds = new client.Counter({
    name: 'murmur_projection_apply_seconds_total',
    help: 'Time spent in a projector apply (rows written inside its lane transaction)',
    labelNames: ['projection'],
    registers: [registry],
  });
  const appliedEvents = new client.Counter({
    name: 'murmur_projection_applied_events_total',
    help: 'Events a projector applied (of its own types)',
    labelNames: ['projection'],
    registers: [registry],
  });
  const runner = new ProjectionRunner(pool, connectionString, projectors, {
    onError: (name, err) => logger.error({ err, projection: name }, 'projection batch failed; retrying'),
    onApplied: ({ name, events, ms }) => {
      applySeconds.inc({ projection: name }, ms / 1000);
      appliedEvents.inc({ projection: name }, events);
    },
  });
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
