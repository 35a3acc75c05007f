// GIF and sticker search for the chat pickers, through the configured provider (signed-in users:
// the provider's key is ours to protect, and only they can chat).
import { GifSearchQuery, GifSearchResult } from '@murmur/contracts';
import { parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { gifProviderFromEnv } from './gif-provider.ts';

export function gifRoutes(router: express.Router, deps: QueryDeps): void {
  const provider = deps.gifs ?? gifProviderFromEnv();
  router.get('/gifs/search', requireAuth(), async (req, res) => {
    const query = parse(GifSearchQuery, req.query);
    const page = await provider.search(query);
    // The catalogue never changes while the process runs; provider answers are fine for a minute.
    res.setHeader('cache-control', 'private, max-age=60');
    send(res, GifSearchResult, { ...page, source: provider.source });
  });
}
