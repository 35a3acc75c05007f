// GIF and sticker search through query-api's provider port (catalogue or Tenor).
import type { GifKind, GifSearchResult } from '@murmur/contracts/gifs';
import { api } from '../../api/api.generated.ts';

export function searchGifs(q: string, kind: GifKind, pos?: string | null): Promise<GifSearchResult> {
  return api.lobbies.searchGifs({ q, kind, pos: pos || undefined }, { quiet: true });
}
