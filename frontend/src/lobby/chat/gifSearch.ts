// GIF and sticker search through query-api's provider port (catalogue or Tenor).
import type { GifKind, GifSearchResult } from '@murmur/contracts/gifs';
import { api } from '../../api/client.ts';

export function searchGifs(q: string, kind: GifKind, pos?: string | null): Promise<GifSearchResult> {
  const params = new URLSearchParams({ q, kind });
  if (pos) params.set('pos', pos);
  return api.get<'GET /gifs/search'>(`/gifs/search?${params.toString()}`, { quiet: true });
}
