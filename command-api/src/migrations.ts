// command-api's own tables: secrets and rate-limit state that are not events (docs/decisions/foundation.md:
// OTP codes, refresh tokens and nonces live in ordinary tables, hashed). Modules append here.
import type { Migration } from '@murmur/eventstore';
import { identityMigrations } from './identity/migrations.ts';
import { walletSnapshotMigrations } from './wallet/snapshots.ts';
import { errorReportMigrations } from './error-reports/routes.ts';

export const commandApiMigrations: Migration[] = [...identityMigrations, ...walletSnapshotMigrations, ...errorReportMigrations];
