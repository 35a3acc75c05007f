// One history row in words a person reads: "Gift sent · 10 × Rose to amy, bob", "−1,000 Diamonds";
// never an internal code ("room_fee", "DMND") or an unformatted number.
import { giftDisplayName } from '@murmur/contracts/gifting';
import { currencyNames, transactionKindLabels, type TransactionHistoryItem as TransactionDto } from '@murmur/contracts/transactions';

export interface TransactionWords {
  title: string;
  detail: string;
  amount: string;
}

const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const names = (people: TransactionDto['counterparties']) => {
  const shown = people.slice(0, 3).map((p) => p.username);
  return people.length > 3 ? `${shown.join(', ')} and ${people.length - 3} more` : shown.join(', ');
};

/** How a top-up was paid, by its provider (a card and the demo's sandbox card read the same). */
const paidHow: Record<string, string> = { crypto: 'in crypto', webpay: 'by web payment', ewallet: 'with GCash / Maya', ton: 'in TON' };

const kindLabel = (kind: string) => transactionKindLabels[kind] ?? giftDisplayName(kind);

export function transactionWords(t: TransactionDto): TransactionWords {
  const sign = t.direction === 'in' ? '+' : '−';
  if (t.topUp) {
    const diamonds = `${number(t.topUp.diamonds)} ${currencyNames.DMND}`;
    const how = paidHow[t.topUp.provider] ?? 'by card';
    const title = `${kindLabel(t.kind)}${t.status === 'failed' ? ' failed' : t.status === 'pending' ? ' (waiting for payment)' : ''}`;
    return {
      title,
      detail: `${usd(t.topUp.usdCents)} paid ${how} for ${diamonds}`,
      // Only a completed top-up has added anything to the wallet.
      amount: t.status === 'completed' ? `+${diamonds}` : diamonds,
    };
  }
  const amount = `${sign}${number(Math.abs(t.amount))} ${currencyNames[t.currency]}`;
  if (t.gift) {
    const gift = `${number(t.gift.quantity)} × ${giftDisplayName(t.gift.name)}`;
    const who = names(t.counterparties);
    const detail = t.kind === 'gift_received' ? `${gift}${who ? ` from ${who}` : ''}` : `${gift}${who ? ` to ${who}` : ''}`;
    return { title: kindLabel(t.kind), detail, amount };
  }
  return { title: kindLabel(t.kind), detail: '', amount };
}
