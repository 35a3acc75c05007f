export * from './errors.ts';
export * from './constants.ts';
export * from './paging.ts';
export * from './events.ts';
export * from './access-token.ts';
export * from './identity.ts';
export * from './wallet.ts';
export * from './social.ts';
