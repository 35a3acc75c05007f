// /healthz and /metrics, the same for every service.
import express from 'express';
import type pg from 'pg';
import client from 'prom-client';

export function observabilityRouter(service: string, pool: pg.Pool, registry = new client.Registry()): express.Router {
  client.collectDefaultMetrics({ register: registry, prefix: 'murmur_' });
  const router = express.Router();
  router.get('/healthz', async (_req, res) => {
    try {
      await pool.query('select 1');
      res.json({ status: 'ok', service });
    } catch {
      res.status(503).json({ status: 'unavailable', service });
    }
  });
  router.get('/metrics', async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  });
  return router;
}
