// GET gifting/items and cms/assets: the gift catalogue and its artwork (public, no sign-in).
import { GiftKind, giftCatalogue, type CmsAssetDto } from '@murmur/contracts';
import { defineRoute, parse } from '@murmur/platform';
import type express from 'express';
import { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';

const ItemsQuery = z.object({ kind: GiftKind.optional() });

export function giftingRoutes(router: express.Router, _deps: QueryDeps): void {
  defineRoute(router, 'GET /gifting/items', ({ req, res }) => {
    const { kind } = parse(ItemsQuery, req.query);
    const items = kind ? giftCatalogue.filter((g) => g.kind === kind) : giftCatalogue;
    res.set('Cache-Control', 'public, max-age=60');
    return { items, kinds: [...GiftKind.options] };
  });

  defineRoute(router, 'GET /cms/assets', ({ res }) => {
    const items: CmsAssetDto[] = giftCatalogue.flatMap((g) => [
      { id: `${g.id}-icon`, type: 'gift_icon' as const, url: g.media.iconUrl, name: g.name },
      { id: `${g.id}-animation`, type: 'gift_animation' as const, url: g.media.animationUrl, name: g.name },
    ]);
    res.set('Cache-Control', 'public, max-age=60');
    return { items };
  });
}
