// The catalogue adapter: search by tag and title, per kind, paged; every entry has its file.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isChatMediaUrl } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { catalogueFile, gifCatalogue } from './catalogue.ts';
import { CatalogueGifProvider } from './catalogue-provider.ts';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../frontend/public');
const provider = new CatalogueGifProvider();

describe('the GIF catalogue adapter', () => {
  it('finds GIFs by a tag', async () => {
    const page = await provider.search({ q: 'laugh', kind: 'gif', limit: 10 });
    expect(page.items.map((i) => i.id)).toEqual(['lol']);
    expect(page.items[0]).toMatchObject({ kind: 'gif', url: '/gifs/lol.gif', source: 'catalogue', width: 160, height: 120 });
  });

  it('finds by the start of a word, in titles too, case-insensitively', async () => {
    expect((await provider.search({ q: 'Celeb', kind: 'gif', limit: 10 })).items.map((i) => i.id)).toEqual(['party']);
    expect((await provider.search({ q: 'thank you', kind: 'gif', limit: 10 })).items.map((i) => i.id)).toEqual(['thanks']);
  });

  it('ranks a whole tag above a prefix and keeps the kinds apart', async () => {
    const gifs = await provider.search({ q: 'love', kind: 'gif', limit: 10 });
    expect(gifs.items.map((i) => i.id)).toEqual(['love']);
    const stickers = await provider.search({ q: 'love', kind: 'sticker', limit: 10 });
    expect(stickers.items.map((i) => i.id)).toEqual(['in-love', 'heart']);
    expect(stickers.items.every((i) => i.kind === 'sticker' && i.url.endsWith('.svg'))).toBe(true);
  });

  it('answers nothing for a word no entry has', async () => {
    expect(await provider.search({ q: 'zebra crossing', kind: 'gif', limit: 10 })).toEqual({ items: [], next: null });
  });

  it('pages an empty query through the whole kind with next', async () => {
    const all = gifCatalogue.filter((e) => e.kind === 'gif').map((e) => e.id);
    const first = await provider.search({ q: '', kind: 'gif', limit: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.next).toBe('10');
    const second = await provider.search({ q: '', kind: 'gif', limit: 10, pos: first.next! });
    expect(second.next).toBeNull();
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(all);
  });

  it('ships a real animated file for every entry, sendable in chat', () => {
    for (const entry of gifCatalogue) {
      const file = path.join(publicDir, 'gifs', catalogueFile(entry));
      expect(existsSync(file), file).toBe(true);
      const bytes = readFileSync(file);
      if (entry.kind === 'gif') {
        expect(bytes.subarray(0, 6).toString()).toBe('GIF89a');
        // More than one image descriptor (0x2C after a graphic control block): an animation.
        expect(bytes.toString('latin1').split('\x21\xF9\x04').length - 1).toBeGreaterThan(1);
      } else {
        expect(bytes.toString()).toMatch(/<svg[\s\S]*@keyframes/);
      }
      expect(isChatMediaUrl(`/gifs/${catalogueFile(entry)}`)).toBe(true);
    }
  });
});
