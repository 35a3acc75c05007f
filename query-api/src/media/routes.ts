// Serves the local object store's files behind HMAC-signed GET URLs (the S3 adapter's URLs point
// at S3 instead). A GET through the edge lands on query-api, so the route lives here.
import { socialTexts } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import { isSafeKey, LocalObjectStore } from '@murmur/platform/object-store';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';

export function mediaRoutes(router: express.Router, deps: QueryDeps): void {
  // A file's key spans path segments (`{uid}/{name}`); the answer is the file itself, not JSON.
  defineRoute(
    router,
    'GET /media/object/{key}',
    async (req, res) => {
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
    },
    { spansSegments: 'key' },
  );
}
