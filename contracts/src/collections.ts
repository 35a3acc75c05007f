// Collections (docs/decisions/collections.md): what a user owns (frames, badges, gifts to keep), its status
// (active, inactive, expired; docs/decisions/collections.md), what they wear (one frame, up to 3 badges) and the
// appearance every avatar shows.
import { z } from 'zod';
import { keptItemKinds } from './money-rules.ts';

/** Spec section 4: a collection item is active (worn and not expired), inactive (owned, not worn) or expired. */
export const CollectionStatus = z.enum(['active', 'inactive', 'expired']);
export type CollectionStatus = z.infer<typeof CollectionStatus>;

export const collectionLimits = {
  /** docs/decisions/collections.md: one frame and up to 3 badges worn at once. */
  frames: 1,
  badges: 3,
  /** Items last 7 days, 30 days or for ever (null). */
  durationsDays: [7, 30, null] as readonly (number | null)[],
} as const;

export const collectionTexts = {
  notOwned: 'You do not own this item.',
  expired: 'This item has expired.',
  tooManyBadges: 'You can wear at most 3 badges. Take one off first.',
  notWearable: 'This item cannot be worn.',
  soldOut: 'This item is sold out.',
  noLongerSold: 'This item is no longer available.',
  comingSoon: 'This item is coming soon.',
  ownedForEver: 'You already own this item for ever.',
  equipped: 'Equipped.',
  unequipped: 'Taken off.',
} as const;

/** What an avatar wears, as every user card carries it (lobby seats, chat, profile, lists). */
export const AppearanceDto = z.object({
  frameId: z.string().nullable(),
  badgeIds: z.array(z.string()),
  vip: z.boolean(),
});
export type AppearanceDto = z.infer<typeof AppearanceDto>;

export const noAppearance: AppearanceDto = { frameId: null, badgeIds: [], vip: false };

/** Put on or take off an owned frame or badge (`POST wallet/collections/equip`). */
export const EquipBody = z.object({
  itemId: z.string().min(1, 'itemId is required.').max(100),
  equip: z.boolean().default(true),
});
export type EquipBody = z.infer<typeof EquipBody>;

/** What the wearer wears after an equip or unequip; decided on `wallet-{uid}`, where ownership is.
 * `lobbyIds`: the lobbies the wearer was in, whose channels carry the change live. */
export const AppearanceChangedData = z.object({
  uid: z.string(),
  frameId: z.string().nullable(),
  badgeIds: z.array(z.string()),
  lobbyIds: z.array(z.string()),
  changedAt: z.string(),
});
export type AppearanceChangedData = z.infer<typeof AppearanceChangedData>;

export const CollectionItemDto = z.object({
  itemId: z.string(),
  kind: z.enum([...keptItemKinds, 'vip']),
  name: z.string(),
  imageUrl: z.string(),
  quantity: z.number().int(),
  status: CollectionStatus,
  /** Null: for ever. */
  expiresAt: z.string().nullable(),
  acquiredAt: z.string(),
});
export type CollectionItemDto = z.infer<typeof CollectionItemDto>;
export const CollectionList = z.object({ items: z.array(CollectionItemDto) });

/** `GET /wallet/collections`: every kept item, or one kind of them. */
export const CollectionsQuery = z.object({ kind: z.enum(['all', ...keptItemKinds]).default('all') });
