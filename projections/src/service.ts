// The projections worker: runs the projector lanes it holds (several processes share them through
// leases, lane-leases.ts), serves /healthz (alive), /readyz (ready: not holding a projector on its
// first pass) and /metrics (lag per projection, which projectors this process holds, oldest open
// transaction age).
import { createLogger, observabilityRouter } from '@murmur/platform';
import express from 'express';
import http from 'node:http';
import type pg from 'pg';
import client from 'prom-client';
import { ensureReadModels } from './read-models.ts';
import { projectors } from './registry.ts';
import { LaneLeases } from './lane-leases.ts';
import { DEFAULT_LANES, ProjectionRunner } from './runner.ts';
import { projectionStatus } from './status.ts';

export interface ProjectionsServiceOptions {
  /** How soon a free lane is tried again: a dead process's lanes are taken within about this. */
  lockRetryMs?: number;
}

export async function buildProjectionsService(pool: pg.Pool, connectionString: string, options: ProjectionsServiceOptions = {}) {
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
  const leases = new LaneLeases(pool, DEFAULT_LANES, {
    onError: (err) => logger.error({ err }, 'counting the projections processes failed; retrying'),
  });
  const runner = new ProjectionRunner(pool, connectionString, projectors, {
    leases,
    lockRetryMs: options.lockRetryMs ?? 500,
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
    name: 'murmur_projection_held',
    help: 'Whether this process holds the projection (1) or another one does (0)',
    labelNames: ['projection'],
    registers: [registry],
    collect() {
      const held = new Set(runner.heldProjectors());
      for (const p of projectors) this.set({ projection: p.name }, held.has(p.name) ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'murmur_projections_processes',
    help: 'Projections processes sharing the projectors, as this one last counted them',
    registers: [registry],
    collect() {
      this.set(leases.members);
    },
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
  app.get('/status', async (_req, res) =>
    res.json({ ...(await projectionStatus(pool, projectors)), held: runner.heldProjectors(), processes: leases.members }),
  );
  // Readiness, apart from liveness: not before the lanes run, nor while a projector it holds is on
  // its first pass (its read model is partial). Holding nothing is ready: a standby that takes over.
  app.get('/readyz', async (_req, res) => {
    const held = runner.heldProjectors();
    if (!runner.started) return res.status(503).json({ ready: false, reason: 'starting', held });
    try {
      const firstPass = await runner.inFirstPass();
      if (firstPass.length > 0) return res.status(503).json({ ready: false, reason: 'first pass', firstPass, held });
      return res.json({ ready: true, held });
    } catch {
      return res.status(503).json({ ready: false, reason: 'database unavailable', held });
    }
  });
  const server = http.createServer(app);
  return { runner, server, logger };
}
