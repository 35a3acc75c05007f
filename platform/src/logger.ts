// Structured logs (pino); quiet in tests unless LOG_LEVEL says otherwise.
import pino from 'pino';

export function createLogger(service: string): pino.Logger {
  const level = process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info');
  return pino({ name: service, level });
}
export type { Logger } from 'pino';
