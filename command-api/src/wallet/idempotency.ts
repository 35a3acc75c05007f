// Money routes take an `Idempotency-Key` header; the key is scoped by user and route, so one
// client's key never answers another's request. Without a header a fresh key is made, so every
// money event still carries one.
import { IdempotencyKeyHeader } from '@murmur/contracts';
import { parse } from '@murmur/platform';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';

export function routeIdempotencyKey(req: Request, uid: string, route: string): { key: string; supplied: boolean } {
  const header = req.header('idempotency-key');
  if (header === undefined) return { key: `${uid}:${route}:auto-${randomUUID()}`, supplied: false };
  return { key: `${uid}:${route}:${parse(IdempotencyKeyHeader, header)}`, supplied: true };
}
