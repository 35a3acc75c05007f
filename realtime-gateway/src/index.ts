export * from './server.ts';
export * from './config.ts';
export * from './channels.ts';
