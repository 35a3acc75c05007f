// Gifts (docs/decisions/money.md): the catalogue schema, the seeded catalogue with its artwork, and
// the send-gift body. Prices are diamonds per gift; a send multiplies by quantity and recipients.
import { z } from 'zod';
import { money } from './constants.ts';

/**
 * A sent gift's animation expires this long after the send was accepted (the spec's "60 minutes after
 * claim"): the lobby page never plays an older one, e.g. a backlog replayed after a long reconnect.
 * Only the animation expires; the diamonds and charm of the send are settled when it is accepted.
 */
export const giftAnimationExpiryMs = 60 * 60 * 1000;

export const GiftKind = z.enum(['Event', 'Regular', 'Wishing Well', 'Bera', 'Gifts']);
export type GiftKind = z.infer<typeof GiftKind>;

export const GiftRarity = z.enum(['common', 'rare', 'epic', 'legendary']);
export type GiftRarity = z.infer<typeof GiftRarity>;

export const GiftBadge = z.enum(['hot_sale', 'coming_soon', 'sold_out']);
export type GiftBadge = z.infer<typeof GiftBadge>;

export const GiftDto = z.object({
  id: z.string(),
  /** The catalogue key (in events and URLs), e.g. `wishing-well`. */
  name: z.string(),
  /** What people read, e.g. `Wishing Well`. */
  displayName: z.string(),
  description: z.string(),
  kind: GiftKind,
  rarity: GiftRarity,
  tags: z.array(z.string()),
  tier: z.number().int().min(1),
  badge: GiftBadge.nullable(),
  /** Diamonds for one gift. */
  unitPrice: z.number().int().positive(),
  /** The spec's multipliers with their totals, as the gift panel shows them. */
  pricingOptions: z.array(z.object({ quantity: z.number().int(), price: z.number().int() })),
  media: z.object({ iconUrl: z.string(), animationUrl: z.string() }),
});
export type GiftDto = z.infer<typeof GiftDto>;

type GiftSeed = Omit<GiftDto, 'id' | 'pricingOptions' | 'media'>;

const seeds: GiftSeed[] = [
  {
    name: 'rose',
    displayName: 'Rose',
    description: 'A single red rose.',
    kind: 'Regular',
    rarity: 'common',
    tags: ['love'],
    tier: 1,
    badge: 'hot_sale',
    unitPrice: 10,
  },
  {
    name: 'coffee',
    displayName: 'Coffee',
    description: 'A warm cup to keep the talk going.',
    kind: 'Regular',
    rarity: 'common',
    tags: ['cozy'],
    tier: 1,
    badge: null,
    unitPrice: 20,
  },
  {
    name: 'heart',
    displayName: 'Heart',
    description: 'A beating heart for a favourite voice.',
    kind: 'Regular',
    rarity: 'common',
    tags: ['love'],
    tier: 1,
    badge: 'hot_sale',
    unitPrice: 50,
  },
  {
    name: 'star',
    displayName: 'Star',
    description: 'You are the star of the lobby.',
    kind: 'Gifts',
    rarity: 'rare',
    tags: ['praise'],
    tier: 2,
    badge: null,
    unitPrice: 100,
  },
  {
    name: 'teddy',
    displayName: 'Teddy Bear',
    description: 'A soft teddy bear.',
    kind: 'Bera',
    rarity: 'rare',
    tags: ['cute'],
    tier: 2,
    badge: null,
    unitPrice: 200,
  },
  {
    name: 'fireworks',
    displayName: 'Fireworks',
    description: 'Light up the sky.',
    kind: 'Event',
    rarity: 'epic',
    tags: ['party'],
    tier: 3,
    badge: null,
    unitPrice: 500,
  },
  {
    name: 'crown',
    displayName: 'Crown',
    description: 'Crown the host of the night.',
    kind: 'Gifts',
    rarity: 'epic',
    tags: ['royal'],
    tier: 3,
    badge: null,
    unitPrice: 1000,
  },
  {
    name: 'wishing-well',
    displayName: 'Wishing Well',
    description: 'Toss a coin and make a wish.',
    kind: 'Wishing Well',
    rarity: 'epic',
    tags: ['luck'],
    tier: 3,
    badge: 'coming_soon',
    unitPrice: 800,
  },
  {
    name: 'rocket',
    displayName: 'Rocket',
    description: 'To the moon together.',
    kind: 'Event',
    rarity: 'legendary',
    tags: ['party'],
    tier: 4,
    badge: null,
    unitPrice: 2000,
  },
  {
    name: 'castle',
    displayName: 'Castle',
    description: 'A castle in the clouds.',
    kind: 'Gifts',
    rarity: 'legendary',
    tags: ['royal'],
    tier: 5,
    badge: null,
    unitPrice: 5000,
  },
  {
    name: 'valentine-box',
    displayName: 'Valentine Box',
    description: "The Valentine's event box (sold out).",
    kind: 'Event',
    rarity: 'legendary',
    tags: ['love', 'valentine'],
    tier: 4,
    badge: 'sold_out',
    unitPrice: 1500,
  },
];

/** The seeded catalogue; artwork is served by the web app from /gifts/<name>.svg. */
export const giftCatalogue: GiftDto[] = seeds.map((g) => ({
  ...g,
  id: `gift-${g.name}`,
  pricingOptions: [...money.giftMultipliers].sort((a, b) => b - a).map((quantity) => ({ quantity, price: quantity * g.unitPrice })),
  media: { iconUrl: `/gifts/${g.name}.svg`, animationUrl: `/gifts/${g.name}-animated.svg` },
}));

export function findGift(name: string): GiftDto | undefined {
  return giftCatalogue.find((g) => g.name === name || g.id === name);
}

/** A gift's name as people read it ("Wishing Well"), for a catalogue key or id; unknown keys are title-cased. */
export function giftDisplayName(nameOrId: string): string {
  return (
    findGift(nameOrId)?.displayName ??
    nameOrId
      .replace(/^gift-/, '')
      .replace(/[-_]+/g, ' ')
      .replace(/\b\p{L}/gu, (c) => c.toUpperCase())
  );
}

const Recipient = z.union([z.string().min(1).max(128), z.object({ uid: z.string().min(1).max(128) }).transform((r) => r.uid)]);

export const SendGiftBody = z.object({
  giftName: z.string().min(1, 'giftName is required.').max(100),
  quantity: z.coerce
    .number()
    .int()
    .refine((q) => (money.giftMultipliers as readonly number[]).includes(q), {
      message: `Quantity must be one of ${money.giftMultipliers.join(', ')}.`,
    }),
  recipients: z.union([Recipient.transform((r) => [r]), z.array(Recipient).min(1, 'recipients is required.').max(20)]),
  lobbyId: z.string().min(1).max(128).optional(),
  roomId: z.string().min(1).max(128).optional(),
});
export type SendGiftBody = z.infer<typeof SendGiftBody>;

/** The spec's CMS asset kinds (section 3 "Banner types") plus the gift artwork. */
export const CmsAssetDto = z.object({
  id: z.string(),
  type: z.enum(['gift_icon', 'gift_animation', 'home_banner', 'mobile_home_banner', 'lobby_banner', 'mobile_lobby_banner']),
  url: z.string(),
  name: z.string(),
});
export type CmsAssetDto = z.infer<typeof CmsAssetDto>;

// ---- answers (response DTOs) ----
export const GiftCatalogueAnswer = z.object({ items: z.array(GiftDto), kinds: z.array(GiftKind) });
export const CmsAssetList = z.object({ items: z.array(CmsAssetDto) });
