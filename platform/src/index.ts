export * from './api-error.ts';
export * from './validate.ts';
export * from './error-handler.ts';
export * from './observability.ts';
export * from './logger.ts';
export * from './config.ts';
export * from './authenticate.ts';
export * from './listen.ts';
