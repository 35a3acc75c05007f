// What other query modules may use of media: the address a reader gets for a stored media reference.
import { isSafeKey } from '@murmur/platform/object-store';
import type { QueryDeps } from '../dependencies.ts';

/** Media references are our store's keys (signed per request) or absolute URLs kept as they are. */
export async function mediaUrl(deps: Pick<QueryDeps, 'objects'>, ref: string | null | undefined): Promise<string | null> {
  if (!ref) return null;
  if (!isSafeKey(ref)) return ref;
  return deps.objects.presignGet(ref, 24 * 3600);
}
