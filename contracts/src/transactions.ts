// The wallet's transaction history as the API shows it (`transaction/me`), and the words a person
// reads for its kinds and currencies: never an internal code ("demo_grant", "DMND") on a screen.
import { z } from 'zod';
import { paged } from './paging.ts';
import { TransactionDto } from './wallet.ts';

type TransactionCurrency = TransactionDto['currency'];

/** A row of `transaction/me`: the wallet's TransactionDto plus what a screen words it from. */
export const TransactionHistoryItem = TransactionDto.extend({
  /** The gift of a gift sent or received. */
  gift: z.object({ name: z.string(), quantity: z.number().int() }).nullable(),
  /** Whom a gift went to, or whom it came from. */
  counterparties: z.array(z.object({ uid: z.string(), username: z.string() })),
  /** What a top-up cost: shown beside the diamonds it brought. */
  topUp: z.object({ usdCents: z.number().int(), diamonds: z.number().int(), provider: z.string() }).nullable(),
});
export type TransactionHistoryItem = z.infer<typeof TransactionHistoryItem>;
export const TransactionHistory = paged(TransactionHistoryItem);

export const currencyNames: Record<TransactionCurrency, string> = { DMND: 'Diamonds', CHRM: 'Charm', USD: 'USD' };

/** The title of each kind of movement. */
export const transactionKindLabels: Record<string, string> = {
  topup: 'Top-up',
  first_topup_offer: 'First top-up offer',
  demo_grant: 'Welcome diamonds',
  referral_reward: 'Referral reward',
  daily_claim: 'Daily claim',
  quest_reward: 'Quest reward',
  reward: 'Reward',
  refund: 'Refund',
  operator_grant: 'Granted by support',
  lobby_entry: 'Lobby entry fee',
  room_fee: 'Private room fee',
  post_unlock: 'Unlocked post',
  purchase: 'Purchase',
  vip: 'VIP subscription',
  vip_bonus: 'VIP top-up bonus',
  gift: 'Gift',
  gift_sent: 'Gift sent',
  gift_received: 'Gift received',
  subscription: 'Creator subscription',
  subscriber: 'New subscriber',
  booking_hold: 'Booking (held)',
  booking_release: 'Booking cancelled',
  booking_income: 'Booked session',
  withdrawal: 'Withdrawal',
  agency_payout: 'Agency payout',
};
