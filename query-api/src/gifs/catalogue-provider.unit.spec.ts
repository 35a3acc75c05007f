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

  it('finds something for the words people type most, and for their synonyms and plurals', async () => {
    const common = [
      'cat',
      'dog',
      'happy',
      'love',
      'lol',
      'wow',
      'yes',
      'no',
      'thanks',
      'party',
      'dance',
      'sad',
      'angry',
      'hello',
      'bye',
      'clap',
    ];
    for (const q of common) expect((await provider.search({ q, kind: 'gif', limit: 10 })).items.length, q).toBeGreaterThan(0);
    const ids = async (q: string) => (await provider.search({ q, kind: 'gif', limit: 10 })).items.map((i) => i.id);
    expect(await ids('kitty')).toEqual(['cat']);
    expect(await ids('cats')).toEqual(['cat']);
    expect(await ids('puppy')).toEqual(['dog']);
    expect(await ids('puppies')).toEqual(['dog']);
    expect(await ids('dancing')).toEqual(expect.arrayContaining(['dance']));
    expect(await ids('furious')).toEqual(['angry']);
    expect(await ids('goodbye')).toEqual(expect.arrayContaining(['bye']));
    expect(await ids('haha')).toEqual(['lol']);
    // A synonym is as good as the word itself; a word that only starts one comes after.
    expect((await ids('mad'))[0]).toBe('angry');
    expect((await provider.search({ q: 'sad', kind: 'sticker', limit: 10 })).items.map((i) => i.id)).toEqual(['sad']);
  });

  it('answers nothing for a word no entry has', async () => {
    expect(await provider.search({ q: 'zebra crossing', kind: 'gif', limit: 10 })).toEqual({ items: [], next: null });
  });

  it('pages an empty query through the whole kind with next', async () => {
    const all = gifCatalogue.filter((e) => e.kind === 'gif').map((e) => e.id);
    const first = await provider.search({ q: '', kind: 'gif', limit: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.next).toBe('10');
    const seen = [...first.items];
    let next = first.next;
    while (next) {
      const page = await provider.search({ q: '', kind: 'gif', limit: 10, pos: next });
      seen.push(...page.items);
      next = page.next;
    }
    expect(seen.map((i) => i.id)).toEqual(all);
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
