export * from './types.ts';
export * from './errors.ts';
export * from './migrations.ts';
export * from './postgres-event-store.ts';
export * from './log-listener.ts';
export * from './subscription.ts';
export * from './database.ts';
export * from './log-queries.ts';
