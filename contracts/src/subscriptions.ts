// Creator subscriptions (docs/decisions/subscriptions.md): a creator's monthly price in diamonds (100 to 100,000
// per 30 days) on `creator-plan-{uid}`, and a subscription bought on the SUBSCRIBER's wallet stream
// for 30 days from the later of now and the current end, its charm credited to the creator by
// projection at the host charm share, like a gift.
import { z } from 'zod';
import { commandAnswer } from './answers.ts';
import { formatText } from './errors.ts';

export const subscriptionLimits = { minDiamonds: 100, maxDiamonds: 100_000, days: 30 } as const;

export const subscriptionTexts = {
  priceRange: `The price must be between ${subscriptionLimits.minDiamonds.toLocaleString('en-US')} and ${subscriptionLimits.maxDiamonds.toLocaleString('en-US')} diamonds.`,
  selfSubscribe: 'You cannot subscribe to yourself.',
  noPlan: 'This creator does not offer subscriptions yet.',
  alreadySubscribed: 'You are already subscribed until {date}.',
  subscriptionChanged: 'Your subscription has just changed. Please check it and try again.',
  subscriberFeedLocked: 'Subscribe to read this creator’s subscriber feed.',
} as const;

export const alreadySubscribedText = (until: string): string =>
  formatText(subscriptionTexts.alreadySubscribed, { date: until.slice(0, 10) });

export const SetSubscriptionPriceBody = z.object({
  price: z.coerce
    .number()
    .int(subscriptionTexts.priceRange)
    .min(subscriptionLimits.minDiamonds, subscriptionTexts.priceRange)
    .max(subscriptionLimits.maxDiamonds, subscriptionTexts.priceRange),
});

/** `currentUntil`: the end the subscriber saw (null: not subscribed). A renewal names it, so two
 * clicks made on the same screen buy one subscription, whatever their idempotency keys. */
export const SubscribeBody = z.object({
  currentUntil: z.string().max(40).nullable().default(null),
});

export const SubscriptionPriceSetData = z.object({ creatorUid: z.string(), price: z.number().int().positive(), setAt: z.string() });
export type SubscriptionPriceSetData = z.infer<typeof SubscriptionPriceSetData>;

/** Decided on `wallet-{subscriberUid}`: the diamonds leave the subscriber, `charm` reaches the creator. */
export const SubscribedToCreatorData = z.object({
  subscriptionId: z.string(),
  subscriberUid: z.string(),
  creatorUid: z.string(),
  diamonds: z.number().int().positive(),
  charm: z.number().int().nonnegative(),
  from: z.string(),
  expiresAt: z.string(),
  subscribedAt: z.string(),
});
export type SubscribedToCreatorData = z.infer<typeof SubscribedToCreatorData>;

export const creatorPlanEventSchemas = { SubscriptionPriceSet: SubscriptionPriceSetData } as const;

/** On a profile: the creator's price, and the viewer's subscription end. */
export const SubscriptionOffer = z.object({ price: z.number().int().nullable(), subscribedUntil: z.string().nullable() });
export type SubscriptionOffer = z.infer<typeof SubscriptionOffer>;

/** user/subscription/price: the price now asked. */
export const SubscriptionPriceAnswer = commandAnswer({ price: z.number().int().nullable() });
/** user/subscribe/{uid}: the diamonds left and the subscription as recorded (null on a repeat that paid nothing new). */
export const SubscribedAnswer = commandAnswer({
  balance: z.number().int(),
  duplicate: z.boolean(),
  subscription: SubscribedToCreatorData.nullable(),
});
