// GIF and sticker search (chat with stickers, emojis and GIFs through a GIF-search
// provider; docs/decisions/lobbies.md): the query, one result item, and which addresses a chat GIF or sticker may point at.
import { z } from 'zod';

export const GifKind = z.enum(['gif', 'sticker']);
export type GifKind = z.infer<typeof GifKind>;

export const gifConstants = {
  /** Results per page unless asked otherwise (Tenor's own default is 20, its maximum 50). */
  pageSize: 24,
  maxPageSize: 50,
  /** Where the catalogue shipped with the web app lives (frontend/public/gifs). */
  cataloguePath: '/gifs/',
} as const;

export const gifTexts = {
  unavailable: 'GIF search is unavailable right now. Please try again later.',
} as const;

export const GifSearchQuery = z.object({
  /** Words to search; empty gives the featured set. */
  q: z.string().trim().max(100).default(''),
  kind: GifKind.default('gif'),
  limit: z.coerce.number().int().min(1).max(gifConstants.maxPageSize).default(gifConstants.pageSize),
  /** The `next` of the previous page. */
  pos: z.string().max(200).optional(),
});
export type GifSearchQuery = z.infer<typeof GifSearchQuery>;

export const GifItem = z.object({
  id: z.string(),
  kind: GifKind,
  title: z.string(),
  /** What the chat message carries and every viewer loads. */
  url: z.string(),
  /** A smaller rendition for the picker. */
  previewUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  source: z.enum(['catalogue', 'tenor']),
});
export type GifItem = z.infer<typeof GifItem>;

export const GifSearchResult = z.object({
  items: z.array(GifItem),
  /** Pass as `pos` for the next page; null at the end. */
  next: z.string().nullable(),
  source: z.enum(['catalogue', 'tenor']),
});
export type GifSearchResult = z.infer<typeof GifSearchResult>;

/** A GIF or sticker message points at the shipped catalogue or at an https address (the provider's
 * media host): never a script, data or plain-http address. */
export function isChatMediaUrl(body: string): boolean {
  if (body.startsWith(gifConstants.cataloguePath)) return /^\/gifs\/[\w-]+\.(gif|svg)$/.test(body);
  try {
    const url = new URL(body);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
