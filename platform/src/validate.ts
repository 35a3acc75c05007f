// Parses a request part with a zod schema from contracts; a failure is a 400 whose message is the
// first issue's text (the spec's texts are the schemas' messages). Text no database can store is
// refused here too, for every request by `refuseUnstorableText` and for every parsed value.
import { texts } from '@murmur/contracts';
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) {
    // Values that reach parse by another way than a request (a webhook's body, a socket's message).
    const at = unstorableTextAt(result.data);
    if (at !== null)
      throw new ApiError('VALIDATION_FAILED', texts.unstorableText, { issues: [{ path: at, message: texts.unstorableText }] });
    return result.data;
  }
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new ApiError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request.', { issues });
}

// PostgreSQL stores neither a NUL byte (text) nor a lone UTF-16 surrogate (jsonb): such a value would
// fail deep inside a query as a 500, or leak the database's words. Refused at the door instead.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Where in a parsed value (keys included) a NUL or a lone surrogate sits, or null when there is none. */
export function unstorableTextAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || '(value)' : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return at;
    const found = unstorableTextAt(inner, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The path, the query string and a parsed body: a 400 with the one text for a NUL or a lone surrogate. */
export const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  let path: string | null;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    // Bytes that decode to no character (a surrogate's %ED%A0%80, a cut escape): the router would throw.
    path = null;
  }
  const at = path === null || UNSTORABLE.test(path) ? 'path' : (unstorableTextAt(req.query, 'query') ?? unstorableTextAt(req.body, 'body'));
  if (at === null) return next();
  next(new ApiError('VALIDATION_FAILED', texts.unstorableText, { issues: [{ path: at, message: texts.unstorableText }] }));
};
