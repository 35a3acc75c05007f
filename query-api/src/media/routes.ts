// Serves the local object store's files behind HMAC-signed GET URLs (the S3 adapter's URLs point
// at S3 instead). A GET through the edge lands on query-api, so the route lives here.
import { socialTexts } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { isSafeKey, LOCAL_MEDIA_PATH, LocalObjectStore } from '@murmur/platform/object-store';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';

/** Media references are our store's keys (signed per request) or absolute URLs kept as they are. */
export async function mediaUrl(deps: Pick<QueryDeps, 'objects'>, ref: string | null | undefined): Promise<string | null> {
  if (!ref) return null;
  if (!isSafeKey(ref)) return ref;
  return deps.objects.presignGet(ref, 24 * 3600);
}

export function mediaRoutes(router: express.Router, deps: QueryDeps): void {
  router.get(`${LOCAL_MEDIA_PATH.replace('/api/v1', '')}*key`, async (req, res) => {
    const store = deps.objects;
    const key = (req.params as unknown as { key: string[] }).key.join('/');
    if (!(store instanceof LocalObjectStore) || !isSafeKey(key)) throw new ApiError('NOT_FOUND', socialTexts.mediaNotFound);
    if (!store.verify('GET', key, Number(req.query.exp), '', String(req.query.sig ?? '')))
      throw new ApiError('FORBIDDEN', socialTexts.uploadExpired);
    const object = await store.head(key);
    if (!object) throw new ApiError('NOT_FOUND', socialTexts.mediaNotFound);
    res.setHeader('content-type', object.contentType);
    res.setHeader('content-length', String(object.size));
    res.setHeader('cache-control', 'private, max-age=3600');
    res.setHeader('x-content-type-options', 'nosniff');
    // Uploaded SVGs could carry scripts: opened directly, a sandboxed response runs none of it.
    res.setHeader('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
    if (req.method === 'HEAD') return void res.end();
    store.openRead(key).pipe(res);
  });
}
