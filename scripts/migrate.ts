// Applies every migration to DATABASE_URL and exits (the deploy's migrate job).
import { createPool } from '@murmur/eventstore';
import { migrateAll } from './migrations.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required');
  process.exit(2);
}
const pool = createPool(url, { max: 2, applicationName: 'murmur-migrate' });
await migrateAll(pool);
await pool.end();
console.log('migrations applied');
