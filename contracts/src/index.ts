export * from './errors.ts';
export * from './constants.ts';
export * from './paging.ts';
export * from './events.ts';
export * from './access-token.ts';
