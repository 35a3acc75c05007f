// One place maps every failure to the envelope `{ error: { code, message, details? } }`.
import { texts, type ErrorEnvelope } from '@murmur/contracts';
import { EventStoreError } from '@murmur/eventstore';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ApiError } from './api-error.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import type { ErrorReporter } from './error-reporting.ts';

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof EventStoreError) {
    if (error.code === 'WRONG_EXPECTED_VERSION')
      return new ApiError('CONFLICT', 'The resource changed at the same time; please try again.');
    if (error.code === 'STREAM_NOT_FOUND') return new ApiError('NOT_FOUND', error.message);
    return new ApiError('VALIDATION_FAILED', error.message);
  }
  const e = error as { type?: string; status?: number; expose?: boolean; message?: string };
  // body-parser: malformed JSON, oversized body, bad encoding.
  if (e?.type === 'entity.parse.failed') return new ApiError('VALIDATION_FAILED', 'The request body is not valid JSON.');
  if (e?.type === 'entity.too.large') return new ApiError('VALIDATION_FAILED', 'The request body is too large.');
  if (e?.expose && e.status && e.status < 500) return new ApiError('VALIDATION_FAILED', e.message ?? texts.errorOccured);
  if (isDatabaseUnavailable(error)) return new ApiError('UNAVAILABLE', texts.unavailable);
  return new ApiError('INTERNAL', texts.errorOccured);
}

export function errorHandler(logger: Logger, reporter?: ErrorReporter | null): ErrorRequestHandler {
  return (error, req, res, _next) => {
    let apiError = toApiError(error);
    // A signed-in caller is never told to sign in: what they miss is the terms step.
    if (apiError.code === 'UNAUTHENTICATED' && req.onboardingPending)
      apiError = new ApiError('ONBOARDING_REQUIRED', texts.onboardingRequired);
    if (apiError.code === 'INTERNAL') {
      logger.error({ err: error, path: req.path }, 'request failed');
      reporter?.report({ error, method: req.method, path: req.originalUrl.split('?')[0] ?? req.path, uid: req.auth?.uid });
    }
    if (apiError.code === 'UNAVAILABLE') {
      logger.warn({ err: error, path: req.path }, 'database unavailable');
      res.set('Retry-After', '1');
    }
    const body: ErrorEnvelope = {
      error: { code: apiError.code, message: apiError.message, ...(apiError.details !== undefined ? { details: apiError.details } : {}) },
    };
    res.status(apiError.status).json(body);
  };
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new ApiError('NOT_FOUND', `No route ${req.method} ${req.path}`));
};
