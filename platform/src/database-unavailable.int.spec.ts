// A database that goes away under a request (a restart cuts the connection, a server that is down
// refuses it) is a 503 the client may retry with the same key, never a 500; a query that is simply
// wrong stays a 500.
import express from 'express';
import http from 'node:http';
import pino from 'pino';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool } from '@murmur/eventstore';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { errorHandler, toApiError } from './error-handler.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { closeServer, listen } from './listen.ts';
import { freePort } from '../../test-support/free-port.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** The answer of a route that runs `query` on `pool`, through the services' error handler. */
async function answerOf(pool: pg.Pool, query: string): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  const app = express();
  app.post('/x', async (_req, _res, next) => {
    try {
      await pool.query(query);
    } catch (error) {
      next(error);
    }
  });
  app.use(errorHandler(pino({ level: 'silent' })));
  const server = http.createServer(app);
  const port = await listen(server, 0);
  try {
    const res = await fetch(`http://127.0.0.1:${port}/x`, { method: 'POST' });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  } finally {
    await closeServer(server);
  }
}

it('a server that refuses connections answers 503 with Retry-After', async () => {
  const down = createPool(`postgres://postgres@127.0.0.1:${await freePort()}/none`, { max: 1 });
  try {
    const answer = await answerOf(down, 'select 1');
    expect(answer).toEqual({
      status: 503,
      retryAfter: '1',
      body: { error: { code: 'UNAVAILABLE', message: 'The service is starting or unavailable. Please try again.' } },
    });
  } finally {
    await down.end();
  }
});

it('a connection cut under a running statement (shutdown, pg_terminate_backend) is unavailable, not internal', async () => {
  const pool = createPool(db.url, { max: 1 });
  try {
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const running = failure(() => client.query('select pg_sleep(10)'));
    await new Promise((r) => setTimeout(r, 200));
    await db.pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    const cut = await running;
    expect((cut as { code?: string }).code).toBe('57P01');
    expect(toApiError(cut).status).toBe(503);
    // The dead client's next statement fails on the client side: unavailable too.
    const after = await failure(() => client.query('select 1'));
    expect(isDatabaseUnavailable(after)).toBe(true);
    client.release(true);
  } finally {
    await pool.end();
  }
});

it('a statement that is wrong stays a 500', async () => {
  const answer = await answerOf(db.pool, 'select * from no_such_table');
  expect(answer.status).toBe(500);
  expect(answer.retryAfter).toBeNull();
});
