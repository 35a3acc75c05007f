// An error a route can throw; the error middleware turns it into the envelope and status.
import { errorStatus, type ErrorCode } from '@murmur/contracts';

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}
