// The default GIF provider: searches the catalogue shipped with the web app by title and tags,
// with the words people use for the same thing (cat, kitty, meow) and plain English endings.
import { gifConstants, type GifItem } from '@murmur/contracts';
import { catalogueFile, gifCatalogue, gifSynonyms, type CatalogueEntry } from './catalogue.ts';
import type { GifPage, GifProvider, GifSearch } from './gif-provider.ts';

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const synonymsOf = new Map<string, readonly string[]>();
for (const group of gifSynonyms) for (const word of group) synonymsOf.set(word, [...(synonymsOf.get(word) ?? []), ...group]);

/** The word as typed, without a plural or -ing/-ed ending, and the synonyms of each. */
function variants(term: string): Set<string> {
  const forms = new Set([term]);
  if (term.length > 3 && term.endsWith('s')) forms.add(term.slice(0, -1));
  if (term.length > 4 && term.endsWith('ies')) forms.add(`${term.slice(0, -3)}y`);
  for (const ending of ['ing', 'ed']) {
    if (term.length > ending.length + 2 && term.endsWith(ending)) {
      const stem = term.slice(0, -ending.length);
      forms.add(stem).add(`${stem}e`);
    }
  }
  for (const form of [...forms]) for (const synonym of synonymsOf.get(form) ?? []) forms.add(synonym);
  return forms;
}

/** Higher is better: a whole tag, title or synonym of one beats a word that starts with the query. */
function score(entry: CatalogueEntry, query: string): number {
  const q = query.toLowerCase().trim();
  if (!q) return 1;
  const tags = entry.tags.map((t) => t.toLowerCase());
  if (tags.includes(q) || entry.title.toLowerCase() === q) return 3;
  const terms = words(q);
  const vocabulary = new Set([...tags, ...tags.flatMap(words), ...words(entry.title), entry.id]);
  let whole = true;
  for (const term of terms) {
    if ([...variants(term)].some((v) => vocabulary.has(v))) continue;
    if (![...vocabulary].some((w) => w.startsWith(term))) return 0;
    whole = false;
  }
  return whole ? 3 : 2;
}

export function toGifItem(entry: CatalogueEntry): GifItem {
  const url = `${gifConstants.cataloguePath}${catalogueFile(entry)}`;
  return {
    id: entry.id,
    kind: entry.kind,
    title: entry.title,
    url,
    previewUrl: url,
    width: entry.width,
    height: entry.height,
    source: 'catalogue',
  };
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
