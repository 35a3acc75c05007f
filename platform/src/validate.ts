// Parses a request part with a zod schema from contracts; a failure is a 400 whose message is the
// first issue's text (the spec's texts are the schemas' messages).
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new ApiError('VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request.', { issues });
}
