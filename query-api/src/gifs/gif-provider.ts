// The GIF-search port (docs/decisions/lobbies.md): a Tenor-compatible API when a key is configured, else the
// catalogue shipped with the app. Chosen once from the environment, validated with zod.
import type { GifItem, GifKind } from '@murmur/contracts';
import { loadConfig } from '@murmur/platform';
import { z } from 'zod';
import { CatalogueGifProvider } from './catalogue-provider.ts';
import { TenorGifProvider } from './tenor-provider.ts';

export interface GifSearch {
  q: string;
  kind: GifKind;
  limit: number;
  pos?: string | undefined;
}

export interface GifPage {
  items: GifItem[];
  next: string | null;
}

export interface GifProvider {
  readonly source: 'catalogue' | 'tenor';
  search(request: GifSearch): Promise<GifPage>;
}

export const GifConfig = z.object({
  /** A Tenor API key turns the Tenor adapter on. */
  TENOR_API_KEY: z.string().min(1).optional(),
  /** Tenor v2 or any API speaking it (a proxy, a test server). */
  TENOR_BASE_URL: z.string().url().default('https://tenor.googleapis.com/v2'),
  TENOR_CLIENT_KEY: z.string().min(1).default('murmur'),
  /** Tenor's content filter: off, low, medium or high. */
  TENOR_CONTENT_FILTER: z.enum(['off', 'low', 'medium', 'high']).default('medium'),
});

export function gifProviderFromEnv(env: Record<string, string | undefined> = process.env): GifProvider {
  const config = loadConfig(GifConfig, env);
  if (!config.TENOR_API_KEY) return new CatalogueGifProvider();
  return new TenorGifProvider({
    apiKey: config.TENOR_API_KEY,
    baseUrl: config.TENOR_BASE_URL,
    clientKey: config.TENOR_CLIENT_KEY,
    contentFilter: config.TENOR_CONTENT_FILTER,
  });
}
