// The wallet decider: spend only what is there. Pure; time, ids and prices come in on the command.
import {
  vipPerks,
  alreadySubscribedText,
  collectionLimits,
  collectionTexts,
  subscriptionLimits,
  subscriptionTexts,
  diamondsForUsdCents,
  formatText,
  money,
  texts,
  vipItems,
  type CreditReason,
  type DebitReason,
  type PaidCreditReason,
  type PaymentPurpose,
  type SkuBadge,
  type SkuKind,
  walletEventSchemas,
} from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveWallet, initialWalletState, type WalletEvent, type WalletState } from './wallet.ts';

export interface CreditDiamonds {
  type: 'CreditDiamonds';
  uid: string;
  amount: number;
  /** A paid credit is only ever a confirmed payment's (CreditPayment). */
  reason: Exclude<CreditReason, PaidCreditReason>;
  reference: string;
  at: string;
}

/** The credit of a confirmed payment (key `topup:{paymentId}`). */
export interface CreditPayment {
  type: 'CreditPayment';
  uid: string;
  paymentId: string;
  purpose: PaymentPurpose;
  /** What the payment was priced for (3000 for the first top-up offer's 15 USD). */
  diamonds: number;
  amountUsdCents: number;
  at: string;
}

export interface SpendDiamonds {
  type: 'SpendDiamonds';
  uid: string;
  amount: number;
  reason: DebitReason;
  reference: string;
  at: string;
}

export interface GiftPrice {
  id: string;
  name: string;
  unitPrice: number;
}

export interface SendGift {
  type: 'SendGift';
  uid: string;
  gift: GiftPrice;
  quantity: number;
  recipients: string[];
  lobbyId?: string;
  roomId?: string;
  /** The recipients' share of the gift's diamond value, as charm (0.5; docs/decisions/money.md). */
  charmShare: number;
  at: string;
}

export interface SkuPrice {
  id: string;
  kind: SkuKind;
  name: string;
  price: number;
  /** Months a time-limited item (VIP) lasts; null for a permanent one. */
  months: number | null;
  /** Days a frame, badge or gift to keep lasts; null for ever. */
  days?: number | null;
  badge?: SkuBadge | null;
  availableUntil?: string | null;
}

export interface PurchaseSku {
  type: 'PurchaseSku';
  uid: string;
  purchaseId: string;
  sku: SkuPrice;
  quantity: number;
  target?: string;
  at: string;
}

/** Put on or take off a frame or badge the user owns. */
export interface ChangeAppearance {
  type: 'ChangeAppearance';
  uid: string;
  itemId: string;
  equip: boolean;
  /** The lobbies the wearer is in, whose channels carry the change (read by the route). */
  lobbyIds: string[];
  at: string;
}

/** Buy 30 days of a creator's subscription at the creator's current price (null: no plan). */
export interface SubscribeToCreator {
  type: 'SubscribeToCreator';
  uid: string;
  subscriptionId: string;
  creatorUid: string;
  price: number | null;
  /** The end the subscriber saw (null: not subscribed); a different one refuses (a parallel click won). */
  currentUntil: string | null;
  charmShare: number;
  at: string;
}

/** Set a booking's price aside (the hold is an event on the buyer's wallet; docs/decisions/booking.md). */
export interface HoldDiamonds {
  type: 'HoldDiamonds';
  uid: string;
  holdId: string;
  amount: number;
  reference: string;
  at: string;
}

/** A hold ends once: given back (a cancellation) or spent, `charmShare` of it to the recipient. */
export type SettleHolds =
  | { type: 'ReleaseHolds'; uid: string; holdIds: string[]; reference: string; at: string }
  | { type: 'SpendHolds'; uid: string; holdIds: string[]; reference: string; recipientUid: string; charmShare: number; at: string };

export type WalletCommand =
  | CreditDiamonds
  | CreditPayment
  | SpendDiamonds
  | SendGift
  | PurchaseSku
  | ChangeAppearance
  | SubscribeToCreator
  | HoldDiamonds
  | SettleHolds;

export const holdTexts = {
  settled: 'This booking has already been settled.',
  unknown: 'There is no such hold on this wallet.',
  idTaken: 'This hold id already holds diamonds for something else.',
} as const;

function decideHolds(command: SettleHolds, state: WalletState): WalletEvent[] {
  return command.holdIds.map((holdId): WalletEvent => {
    const hold = state.holds[holdId];
    if (!hold) throw new ApiError('NOT_FOUND', holdTexts.unknown);
    // Released and spent at once: whichever is appended first wins, the other is refused here.
    if (hold.status !== 'held') throw new ApiError('CONFLICT', holdTexts.settled);
    const base = { uid: command.uid, holdId, amount: hold.amount, reference: command.reference };
    return command.type === 'ReleaseHolds'
      ? { type: 'HoldReleased', data: { ...base, releasedAt: command.at } }
      : {
          type: 'HoldSpent',
          data: { ...base, recipientUid: command.recipientUid, charm: Math.floor(hold.amount * command.charmShare), spentAt: command.at },
        };
  });
}

export const MAX_GIFT_RECIPIENTS = 20;

function requireAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new ApiError('VALIDATION_FAILED', 'Amount must be a positive whole number of diamonds.');
}

function requireBalance(state: WalletState, needed: number): void {
  if (state.balance < needed) {
    throw new ApiError('INSUFFICIENT_BALANCE', formatText(texts.notEnoughDiamonds, { needed, balance: state.balance }), {
      needed,
      balance: state.balance,
    });
  }
}

function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString();
}

const addDays = (iso: string, days: number): string => new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();

/** Until when the user owns a worn item at `at`: a bought one while it lasts, the VIP items while VIP lasts. */
function ownedItem(state: WalletState, itemId: string, at: string): { kind: SkuKind } | 'expired' | undefined {
  const vip = vipItems.find((v) => v.id === itemId);
  if (vip) return state.vipUntil === null ? undefined : state.vipUntil > at ? { kind: vip.kind } : 'expired';
  const item = state.items[itemId];
  if (!item) return undefined;
  return item.expiresAt !== null && item.expiresAt <= at ? 'expired' : { kind: item.kind };
}

/** Worn items that have expired come off by themselves on the next change. */
function stillOwned(state: WalletState, ids: string[], at: string): string[] {
  return ids.filter((id) => typeof ownedItem(state, id, at) === 'object');
}

/** docs/decisions/vip.md: a VIP gets 5% more diamonds on every top-up, minted through the ledger with
 * its own reason (not a paid credit: no cash came in for it). The subscription checkout's payments
 * (the VIP year, a creator subscription) are spent at once and earn none. */
function vipBonus(command: CreditPayment, state: WalletState, credited: number): WalletEvent[] {
  const vip = state.vipUntil !== null && state.vipUntil > command.at;
  const amount = Math.floor(credited * vipPerks.topUpBonus);
  if (!vip || command.purpose === 'vip' || command.purpose === 'creator_subscription' || amount <= 0) return [];
  return [
    {
      type: 'DiamondsCredited',
      data: { uid: command.uid, amount, reason: 'vip_bonus', reference: `${command.paymentId}:vip-bonus`, creditedAt: command.at },
    },
  ];
}

function decideSubscription(command: SubscribeToCreator, state: WalletState): WalletEvent[] {
  if (command.creatorUid === command.uid) throw new ApiError('RULE_VIOLATED', subscriptionTexts.selfSubscribe);
  if (command.price === null) throw new ApiError('RULE_VIOLATED', subscriptionTexts.noPlan);
  if (command.price < subscriptionLimits.minDiamonds || command.price > subscriptionLimits.maxDiamonds)
    throw new ApiError('RULE_VIOLATED', subscriptionTexts.priceRange);
  const current = state.subscriptions[command.creatorUid] ?? null;
  const running = current !== null && current > command.at ? current : null;
  // Two clicks on the same screen name the same end: the first one buys, the other is refused here.
  if (command.currentUntil === null && running !== null) throw new ApiError('CONFLICT', alreadySubscribedText(running));
  if (command.currentUntil !== null && command.currentUntil !== current)
    throw new ApiError('CONFLICT', subscriptionTexts.subscriptionChanged);
  requireBalance(state, command.price);
  const from = running ?? command.at;
  return [
    {
      type: 'SubscribedToCreator',
      data: {
        subscriptionId: command.subscriptionId,
        subscriberUid: command.uid,
        creatorUid: command.creatorUid,
        diamonds: command.price,
        charm: Math.floor(command.price * command.charmShare),
        from,
        expiresAt: addDays(from, subscriptionLimits.days),
        subscribedAt: command.at,
      },
    },
  ];
}

function decideAppearance(command: ChangeAppearance, state: WalletState): WalletEvent[] {
  const owned = ownedItem(state, command.itemId, command.at);
  let frameId = state.frameId && stillOwned(state, [state.frameId], command.at).length ? state.frameId : null;
  let badgeIds = stillOwned(state, state.badgeIds, command.at);
  if (command.equip) {
    if (owned === undefined) throw new ApiError('RULE_VIOLATED', collectionTexts.notOwned);
    if (owned === 'expired') throw new ApiError('RULE_VIOLATED', collectionTexts.expired);
    if (owned.kind === 'frame') {
      if (frameId === command.itemId) return [];
      frameId = command.itemId;
    } else if (owned.kind === 'badge') {
      if (badgeIds.includes(command.itemId)) return [];
      if (badgeIds.length >= collectionLimits.badges) throw new ApiError('RULE_VIOLATED', collectionTexts.tooManyBadges);
      badgeIds = [...badgeIds, command.itemId];
    } else {
      throw new ApiError('RULE_VIOLATED', collectionTexts.notWearable);
    }
  } else {
    const worn = state.frameId === command.itemId || state.badgeIds.includes(command.itemId);
    if (!worn) {
      if (owned === undefined) throw new ApiError('RULE_VIOLATED', collectionTexts.notOwned);
      return [];
    }
    if (frameId === command.itemId) frameId = null;
    badgeIds = badgeIds.filter((id) => id !== command.itemId);
  }
  return [{ type: 'AppearanceChanged', data: { uid: command.uid, frameId, badgeIds, lobbyIds: command.lobbyIds, changedAt: command.at } }];
}

export function decideWallet(command: WalletCommand, state: WalletState): WalletEvent[] {
  switch (command.type) {
    case 'CreditDiamonds':
      requireAmount(command.amount);
      return [
        {
          type: 'DiamondsCredited',
          data: { uid: command.uid, amount: command.amount, reason: command.reason, reference: command.reference, creditedAt: command.at },
        },
      ];
    case 'CreditPayment': {
      // The offer is once per account, and it is decided HERE, on the wallet's expected version,
      // not when the payment was opened: two offer payments opened in parallel (sandbox clicks,
      // Stripe intents paid later) both pass the check at opening; the second one to be credited
      // buys at the normal rate, never at the offer price.
      const offer = command.purpose === 'first_topup_offer' && !state.offerRedeemed;
      const amount = command.purpose === 'first_topup_offer' && !offer ? diamondsForUsdCents(command.amountUsdCents) : command.diamonds;
      requireAmount(amount);
      return [
        {
          type: 'DiamondsCredited',
          data: {
            uid: command.uid,
            amount,
            reason: offer ? 'first_topup_offer' : 'topup',
            reference: command.paymentId,
            amountUsdCents: command.amountUsdCents,
            creditedAt: command.at,
          },
        },
        ...vipBonus(command, state, amount),
      ];
    }
    case 'SpendDiamonds':
      requireAmount(command.amount);
      requireBalance(state, command.amount);
      return [
        {
          type: 'DiamondsSpent',
          data: { uid: command.uid, amount: command.amount, reason: command.reason, reference: command.reference, spentAt: command.at },
        },
      ];
    case 'SendGift': {
      const { gift, quantity, recipients } = command;
      if (!(money.giftMultipliers as readonly number[]).includes(quantity)) {
        throw new ApiError('VALIDATION_FAILED', `Quantity must be one of ${money.giftMultipliers.join(', ')}.`);
      }
      const unique = new Set(recipients);
      if (recipients.length === 0 || unique.size !== recipients.length)
        throw new ApiError('VALIDATION_FAILED', 'Recipients must be a list of different users.');
      if (recipients.length > MAX_GIFT_RECIPIENTS)
        throw new ApiError('VALIDATION_FAILED', `A gift goes to at most ${MAX_GIFT_RECIPIENTS} recipients.`);
      if (unique.has(command.uid)) throw new ApiError('RULE_VIOLATED', 'You cannot send a gift to yourself.');
      if (!Number.isSafeInteger(gift.unitPrice) || gift.unitPrice <= 0) throw new ApiError('RULE_VIOLATED', 'This gift is not for sale.');
      const perRecipient = gift.unitPrice * quantity;
      const diamondsTotal = perRecipient * recipients.length;
      requireBalance(state, diamondsTotal);
      return [
        {
          type: 'GiftSent',
          data: {
            senderUid: command.uid,
            giftId: gift.id,
            giftName: gift.name,
            quantity,
            unitPrice: gift.unitPrice,
            diamondsTotal,
            recipients,
            charmPerRecipient: Math.floor(perRecipient * command.charmShare),
            ...(command.lobbyId ? { lobbyId: command.lobbyId } : {}),
            ...(command.roomId ? { roomId: command.roomId } : {}),
            sentAt: command.at,
          },
        },
      ];
    }
    case 'PurchaseSku': {
      const { sku, quantity } = command;
      if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > 999)
        throw new ApiError('VALIDATION_FAILED', 'Quantity must be between 1 and 999.');
      if (sku.badge === 'sold_out') throw new ApiError('RULE_VIOLATED', collectionTexts.soldOut);
      if (sku.badge === 'coming_soon') throw new ApiError('RULE_VIOLATED', collectionTexts.comingSoon);
      if (sku.availableUntil && sku.availableUntil <= command.at) throw new ApiError('RULE_VIOLATED', collectionTexts.noLongerSold);
      const worn = sku.kind === 'frame' || sku.kind === 'badge';
      if ((sku.months !== null || worn) && quantity !== 1) throw new ApiError('VALIDATION_FAILED', 'This item is bought one at a time.');
      // A frame or badge owned for ever has nothing more to sell: a second click (or a second tab)
      // would be charged for no day of anything, so it is refused here, on the wallet's version.
      if (worn && state.items[sku.id] !== undefined && state.items[sku.id]!.expiresAt === null)
        throw new ApiError('CONFLICT', collectionTexts.ownedForEver);
      const diamondsTotal = sku.price * quantity;
      requireBalance(state, diamondsTotal);
      // A renewal extends from the current end, not from today, so no paid day is lost.
      const current = sku.kind === 'vip' ? state.vipUntil : (state.items[sku.id]?.expiresAt ?? null);
      const from = current && current > command.at ? current : command.at;
      const ownedForEver = sku.kind !== 'vip' && state.items[sku.id] !== undefined && state.items[sku.id]!.expiresAt === null;
      const expiresAt = sku.months ? addMonths(from, sku.months) : sku.days && !ownedForEver ? addDays(from, sku.days) : null;
      return [
        {
          type: 'SkuPurchased',
          data: {
            uid: command.uid,
            purchaseId: command.purchaseId,
            skuId: sku.id,
            skuKind: sku.kind,
            name: sku.name,
            quantity,
            unitPrice: sku.price,
            diamondsTotal,
            ...(command.target ? { target: command.target } : {}),
            purchasedAt: command.at,
            expiresAt,
          },
        },
      ];
    }
    case 'ChangeAppearance':
      return decideAppearance(command, state);
    case 'SubscribeToCreator':
      return decideSubscription(command, state);
    case 'HoldDiamonds': {
      // A known id is a retry only when it holds the same amount for the same thing; anything else
      // would let one hold stand behind two bookings.
      const known = state.holds[command.holdId];
      if (known) {
        if (known.reference === command.reference && known.amount === command.amount) return [];
        throw new ApiError('CONFLICT', holdTexts.idTaken);
      }
      requireAmount(command.amount);
      requireBalance(state, command.amount);
      return [
        {
          type: 'DiamondsHeld',
          data: { uid: command.uid, holdId: command.holdId, amount: command.amount, reference: command.reference, heldAt: command.at },
        },
      ];
    }
    case 'ReleaseHolds':
    case 'SpendHolds':
      return decideHolds(command, state);
    default: {
      const _exhaustive: never = command;
      throw new ApiError('VALIDATION_FAILED', 'Unknown wallet command.');
    }
  }
}

export const walletDecider: Decider<WalletState, WalletCommand, WalletEvent> = {
  evolvesOn: walletEventSchemas,
  initialState: initialWalletState,
  evolve: evolveWallet,
  decide: decideWallet,
};
