// The `wallet-{uid}` stream (docs/decisions/money.md): every diamond credit and debit of one user,
// folded into the state the wallet decider needs.
import { isKeptItemKind, isPaidCredit, type SkuKind, type WalletEvent } from '@murmur/contracts';

export type { WalletEvent };

export interface WalletState {
  balance: number;
  credited: number;
  spent: number;
  /** Set by the first paid top-up; the first top-up offer is for users without one. */
  hasToppedUp: boolean;
  /** Set by the first-top-up-offer credit: the offer is sold once per account, decided here. */
  offerRedeemed: boolean;
  vipUntil: string | null;
  /** Items bought (frames, badges, gifts to keep) and until when they last (null: for ever). */
  items: Record<string, { kind: SkuKind; expiresAt: string | null }>;
  /** What the user wears (one frame, up to 3 badges; docs/decisions/collections.md). */
  frameId: string | null;
  badgeIds: string[];
  /** Creator subscriptions bought: creator uid -> end. */
  subscriptions: Record<string, string>;
  /** Diamonds set aside for bookings (out of `balance` while held): hold id -> amount and outcome. */
  /** By hold id; `reference` names what the hold is for, so one id never holds for two things. */
  holds: Record<string, { amount: number; status: 'held' | 'released' | 'spent'; reference: string }>;
}

export const initialWalletState = (): WalletState => ({
  balance: 0,
  credited: 0,
  spent: 0,
  hasToppedUp: false,
  offerRedeemed: false,
  vipUntil: null,
  items: {},
  frameId: null,
  badgeIds: [],
  subscriptions: {},
  holds: {},
});

export function evolveWallet(state: WalletState, event: WalletEvent): WalletState {
  switch (event.type) {
    case 'DiamondsCredited': {
      return {
        ...state,
        balance: state.balance + event.data.amount,
        credited: state.credited + event.data.amount,
        hasToppedUp: state.hasToppedUp || isPaidCredit(event.data.reason),
        offerRedeemed: state.offerRedeemed || event.data.reason === 'first_topup_offer',
      };
    }
    case 'DiamondsSpent':
      return { ...state, balance: state.balance - event.data.amount, spent: state.spent + event.data.amount };
    case 'GiftSent':
      return { ...state, balance: state.balance - event.data.diamondsTotal, spent: state.spent + event.data.diamondsTotal };
    case 'SkuPurchased': {
      const d = event.data;
      const vipUntil = d.skuKind === 'vip' && d.expiresAt ? d.expiresAt : state.vipUntil;
      const items = isKeptItemKind(d.skuKind) ? { ...state.items, [d.skuId]: { kind: d.skuKind, expiresAt: d.expiresAt } } : state.items;
      return { ...state, balance: state.balance - d.diamondsTotal, spent: state.spent + d.diamondsTotal, vipUntil, items };
    }
    case 'AppearanceChanged':
      return { ...state, frameId: event.data.frameId, badgeIds: event.data.badgeIds };
    case 'SubscribedToCreator': {
      const d = event.data;
      return {
        ...state,
        balance: state.balance - d.diamonds,
        spent: state.spent + d.diamonds,
        subscriptions: { ...state.subscriptions, [d.creatorUid]: d.expiresAt },
      };
    }
    case 'DiamondsHeld': {
      const d = event.data;
      return {
        ...state,
        balance: state.balance - d.amount,
        holds: { ...state.holds, [d.holdId]: { amount: d.amount, status: 'held', reference: d.reference } },
      };
    }
    case 'HoldReleased': {
      const d = event.data;
      return {
        ...state,
        balance: state.balance + d.amount,
        holds: { ...state.holds, [d.holdId]: { reference: d.reference, ...state.holds[d.holdId], amount: d.amount, status: 'released' } },
      };
    }
    case 'HoldSpent': {
      const d = event.data;
      return {
        ...state,
        spent: state.spent + d.amount,
        holds: { ...state.holds, [d.holdId]: { reference: d.reference, ...state.holds[d.holdId], amount: d.amount, status: 'spent' } },
      };
    }
    default: {
      // Events of other types on the stream (none today) leave the balance alone.
      const _exhaustive: never = event;
      return state;
    }
  }
}
