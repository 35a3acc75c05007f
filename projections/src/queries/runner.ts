// What a read-model query runs on: the pool, or a client already inside a transaction.
import type pg from 'pg';

export type Runner = pg.Pool | pg.PoolClient;
