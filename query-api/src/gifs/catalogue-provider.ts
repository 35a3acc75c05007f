// The default GIF provider: searches the catalogue shipped with the web app by title and tags.
import { gifConstants, type GifItem } from '@murmur/contracts';
import { catalogueFile, gifCatalogue, type CatalogueEntry } from './catalogue.ts';
import type { GifPage, GifProvider, GifSearch } from './gif-provider.ts';

const words = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Higher is better: a whole tag or title equal to the query beats a word that starts with it. */
function score(entry: CatalogueEntry, query: string): number {
  const q = query.toLowerCase().trim();
  if (!q) return 1;
  const tags = entry.tags.map((t) => t.toLowerCase());
  if (tags.includes(q) || entry.title.toLowerCase() === q) return 3;
  const terms = words(q);
  const vocabulary = new Set([...tags.flatMap(words), ...words(entry.title), entry.id]);
  const matched = terms.filter((t) => [...vocabulary].some((w) => w.startsWith(t)));
  if (matched.length === terms.length) return 2;
  return 0;
}

export function toGifItem(entry: CatalogueEntry): GifItem {
  const url = `${gifConstants.cataloguePath}${catalogueFile(entry)}`;
  return { id: entry.id, kind: entry.kind, title: entry.title, url, previewUrl: url, width: entry.width, height: entry.height, source: 'catalogue' };
}

export class CatalogueGifProvider implements GifProvider {
  readonly source = 'catalogue' as const;

  constructor(private readonly entries: readonly CatalogueEntry[] = gifCatalogue) {}

  search({ q, kind, limit, pos }: GifSearch): Promise<GifPage> {
    const ranked = this.entries
      .filter((e) => e.kind === kind)
      .map((entry, order) => ({ entry, order, score: score(entry, q) }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order);
    const start = Math.max(0, Number.parseInt(pos ?? '0', 10) || 0);
    const page = ranked.slice(start, start + limit).map((r) => toGifItem(r.entry));
    const end = start + page.length;
    return Promise.resolve({ items: page, next: end < ranked.length ? String(end) : null });
  }
}
