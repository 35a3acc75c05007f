// GIF and sticker search for the chat pickers, through the configured provider (signed-in users:
// the provider's key is ours to protect, and only they can chat).
import { defineRoute } from '@murmur/platform';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { gifProviderFromEnv } from './gif-provider.ts';

export function gifRoutes(router: express.Router, deps: QueryDeps): void {
  const provider = deps.gifs ?? gifProviderFromEnv();
  defineRoute(router, 'GET /gifs/search', async ({ query, res }) => {
    const page = await provider.search(query);
    // The catalogue never changes while the process runs; provider answers are fine for a minute.
    res.setHeader('cache-control', 'private, max-age=60');
    return { ...page, source: provider.source };
  });
}
