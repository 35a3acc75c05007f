// Every migration the platform has, in order: the event store's, then each service's own tables.
import { migrate, type Migration } from '@murmur/eventstore';
import type pg from 'pg';
import { commandApiMigrations } from '../command-api/src/migrations.ts';
import { ensureReadModels } from '../projections/src/read-models.ts';
import { gatewayMigrations } from '../realtime-gateway/src/migrations.ts';

export const serviceMigrations: Migration[] = [...commandApiMigrations, ...gatewayMigrations];

export async function migrateAll(pool: pg.Pool): Promise<void> {
  await migrate(pool, serviceMigrations);
  await ensureReadModels(pool);
}
