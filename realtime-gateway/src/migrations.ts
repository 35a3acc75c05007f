// The gateway's one table: which gateway processes are alive. A gateway renews its row every few
// seconds and deletes it when it stops; a crashed one leaves a row that grows old, so the presence
// reaper (command-api) can tell its connections are gone without any event saying so.
import type { Migration } from '@murmur/eventstore';

export const gatewayMigrations: Migration[] = [
  {
    id: 'gateway-001-instances',
    sql: `
      create table realtime_gateways (
        gateway_id text primary key,
        started_at timestamptz not null default now(),
        seen_at timestamptz not null default now()
      );
    `,
  },
  {
    // The operators' console reads each gateway's open connections here (the same figure as its
    // /metrics `murmur_gateway_connections`), so it needs no HTTP path to every gateway.
    id: 'gateway-002-figures',
    sql: `
      alter table realtime_gateways add column connections integer not null default 0, add column subscriptions integer not null default 0;
    `,
  },
];
