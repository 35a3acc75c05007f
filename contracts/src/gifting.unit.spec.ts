import { describe, expect, it } from 'vitest';
import { giftCatalogue, giftDisplayName } from './gifting.ts';

describe('gift display names', () => {
  it('names every catalogue gift as people read it, by key or id', () => {
    expect(giftDisplayName('teddy')).toBe('Teddy Bear');
    expect(giftDisplayName('gift-wishing-well')).toBe('Wishing Well');
    for (const g of giftCatalogue) expect(g.displayName).toMatch(/^\p{Lu}/u);
  });

  it('title-cases a key the catalogue does not know', () => {
    expect(giftDisplayName('golden-harp')).toBe('Golden Harp');
  });
});
