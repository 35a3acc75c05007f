// Transaction history (`transaction/me`): one row per movement a user sees, with the spec's
// statuses (completed, pending, failed); top-ups and withdrawals move from pending to their end.
// Also the payments and withdrawals tables that the wallet screens and the creator cash-out read,
// with the creator's read mark of an agency payment (`payment-notifications`).
import { giftDisplayName } from '@murmur/contracts';
import type pg from 'pg';
import { defineProjector, ident, type ProjectedEvent } from '../projector.ts';

const handles = [
  'DiamondsCredited',
  'DiamondsSpent',
  'SkuPurchased',
  'GiftSent',
  'SubscribedToCreator',
  'DiamondsHeld',
  'HoldReleased',
  'HoldSpent',
  'PaymentInitiated',
  'PaymentConfirmed',
  'PaymentFailed',
  'CharmWithdrawn',
  'WithdrawalCompleted',
  'WithdrawalFailed',
  'PaymentNotificationRead',
] as const;
type HistoryEvent = ProjectedEvent<(typeof handles)[number]>;

export interface HistoryRow {
  transactionId: string;
  uid: string;
  kind: string;
  currency: 'DMND' | 'CHRM' | 'USD';
  amount: number;
  direction: 'in' | 'out';
  status: 'completed' | 'pending' | 'failed';
  description: string;
  reference: string | null;
  /** Structured facts the screen words from: a gift's name, quantity and the other party. */
  details?: { giftName: string; quantity: number; recipients?: string[]; senderUid?: string };
  position: bigint;
  createdAt: string;
}

const usd = (cents: number) => `${(cents / 100).toFixed(2)} USD`;
const topUpText = (cents: number, diamonds: number, provider: string) => `Top-up of ${usd(cents)} for ${diamonds} diamonds (${provider})`;

/** Pure: the history rows an event adds (status changes are separate updates). */
export function historyRows(e: HistoryEvent): HistoryRow[] {
  const base = { position: e.globalPosition, createdAt: e.createdAt.toISOString() };
  switch (e.type) {
    case 'DiamondsCredited': {
      const d = e.data;
      return [
        {
          ...base,
          transactionId: `tx-${e.globalPosition}`,
          uid: d.uid,
          kind: d.reason,
          currency: 'DMND',
          amount: d.amount,
          direction: 'in',
          status: 'completed',
          description: `Received ${d.amount} diamonds (${d.reason})`,
          reference: d.reference,
        },
      ];
    }
    case 'DiamondsSpent': {
      const d = e.data;
      return [
        {
          ...base,
          transactionId: `tx-${e.globalPosition}`,
          uid: d.uid,
          kind: d.reason,
          currency: 'DMND',
          amount: d.amount,
          direction: 'out',
          status: 'completed',
          description: `Spent ${d.amount} diamonds (${d.reason})`,
          reference: d.reference,
        },
      ];
    }
    case 'SkuPurchased': {
      const d = e.data;
      return [
        {
          ...base,
          transactionId: `tx-${e.globalPosition}`,
          uid: d.uid,
          kind: 'purchase',
          currency: 'DMND',
          amount: d.diamondsTotal,
          direction: 'out',
          status: 'completed',
          description: `Bought ${d.quantity} x ${d.name}`,
          reference: d.purchaseId,
        },
      ];
    }
    case 'GiftSent': {
      const d = e.data;
      return [
        {
          ...base,
          transactionId: `tx-${e.globalPosition}`,
          uid: d.senderUid,
          kind: 'gift_sent',
          currency: 'DMND',
          amount: d.diamondsTotal,
          direction: 'out',
          status: 'completed',
          description: `Sent ${d.quantity} x ${giftDisplayName(d.giftName)}`,
          reference: d.lobbyId ?? d.roomId ?? null,
          details: { giftName: d.giftName, quantity: d.quantity, recipients: d.recipients },
        },
        ...d.recipients.map((r): HistoryRow => ({
          ...base,
          transactionId: `tx-${e.globalPosition}-${r}`,
          uid: r,
          kind: 'gift_received',
          currency: 'CHRM',
          amount: d.charmPerRecipient,
          direction: 'in',
          status: 'completed',
          description: `Received ${d.quantity} x ${giftDisplayName(d.giftName)}`,
          reference: d.senderUid,
          details: { giftName: d.giftName, quantity: d.quantity, senderUid: d.senderUid },
        })),
      ];
    }
    case 'SubscribedToCreator': {
      const d = e.data;
      const until = d.expiresAt.slice(0, 10);
      return [
        {
          ...base,
          transactionId: `tx-${e.globalPosition}`,
          uid: d.subscriberUid,
          kind: 'subscription',
          currency: 'DMND',
          amount: d.diamonds,
          direction: 'out',
          status: 'completed',
          description: `Subscription until ${until}`,
          reference: d.creatorUid,
          details: { giftName: '', quantity: 1, recipients: [d.creatorUid] },
        },
        {
          ...base,
          transactionId: `tx-${e.globalPosition}-${d.creatorUid}`,
          uid: d.creatorUid,
          kind: 'subscriber',
          currency: 'CHRM',
          amount: d.charm,
          direction: 'in',
          status: 'completed',
          description: `New subscription until ${until}`,
          reference: d.subscriberUid,
          details: { giftName: '', quantity: 1, senderUid: d.subscriberUid },
        },
      ];
    }
    // A booking: its price held from the buyer, given back on a cancellation, the host's charm at the end.
    case 'DiamondsHeld': {
      const d = e.data;
      return [
        {
          ...base,
          transactionId: `tx-${e.globalPosition}`,
          uid: d.uid,
          kind: 'booking_hold',
          currency: 'DMND',
          amount: d.amount,
          direction: 'out',
          status: 'completed',
          description: `Held ${d.amount} diamonds for a booking`,
          reference: d.reference,
        },
      ];
    }
    case 'HoldReleased': {
      const d = e.data;
      return [
        {
          ...base,
          transactionId: `tx-${e.globalPosition}`,
          uid: d.uid,
          kind: 'booking_release',
          currency: 'DMND',
          amount: d.amount,
          direction: 'in',
          status: 'completed',
          description: `Booking cancelled: ${d.amount} diamonds given back`,
          reference: d.reference,
        },
      ];
    }
    case 'HoldSpent': {
      const d = e.data;
      return [
        {
          ...base,
          transactionId: `tx-${e.globalPosition}-${d.recipientUid}`,
          uid: d.recipientUid,
          kind: 'booking_income',
          currency: 'CHRM',
          amount: d.charm,
          direction: 'in',
          status: 'completed',
          description: `Booked session: ${d.charm} charm`,
          reference: d.uid,
        },
      ];
    }
    case 'PaymentInitiated': {
      const d = e.data;
      return [
        {
          ...base,
          transactionId: d.paymentId,
          uid: d.uid,
          kind: d.purpose,
          currency: 'USD',
          amount: d.amountUsdCents / 100,
          direction: 'in',
          status: 'pending',
          description: topUpText(d.amountUsdCents, d.diamonds, d.provider),
          reference: d.providerRef,
        },
      ];
    }
    case 'PaymentConfirmed': {
      // A crypto payment is born confirmed; a card one already has its pending row (insert is a no-op then).
      const d = e.data;
      return [
        {
          ...base,
          transactionId: d.paymentId,
          uid: d.uid,
          kind: d.purpose,
          currency: 'USD',
          amount: d.amountUsdCents / 100,
          direction: 'in',
          status: 'completed',
          description: topUpText(d.amountUsdCents, d.diamonds, d.provider),
          reference: d.txHash ?? d.providerRef,
        },
      ];
    }
    case 'CharmWithdrawn': {
      const d = e.data;
      const what = d.kind === 'agency_payout' ? 'Agency payout' : 'Withdrawal';
      return [
        {
          ...base,
          transactionId: d.withdrawalId,
          uid: d.uid,
          kind: d.kind,
          currency: 'CHRM',
          amount: d.charm,
          direction: 'out',
          status: 'pending',
          description: `${what} of ${d.charm} charm (${usd(d.usdCents)})`,
          reference: d.address ?? d.agencyUid ?? null,
        },
      ];
    }
    case 'PaymentFailed':
    case 'WithdrawalCompleted':
    case 'WithdrawalFailed':
    case 'PaymentNotificationRead':
      return [];
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

function statusChange(e: HistoryEvent): { transactionId: string; status: 'completed' | 'failed' } | null {
  switch (e.type) {
    case 'PaymentConfirmed':
      return { transactionId: e.data.paymentId, status: 'completed' };
    case 'PaymentFailed':
      return { transactionId: e.data.paymentId, status: 'failed' };
    case 'WithdrawalCompleted':
      return { transactionId: e.data.withdrawalId, status: 'completed' };
    case 'WithdrawalFailed':
      return { transactionId: e.data.withdrawalId, status: 'failed' };
    default:
      // Other movements add rows and change no status.
      return null;
  }
}

async function insertRows(client: pg.PoolClient, s: string, rows: HistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `insert into ${s}.wallet_transactions (transaction_id, uid, kind, currency, amount, direction, status, description, reference, position, created_at, details)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bigint[], $11::timestamptz[], $12::jsonb[])
     on conflict (transaction_id) do nothing`,
    [
      rows.map((r) => r.transactionId),
      rows.map((r) => r.uid),
      rows.map((r) => r.kind),
      rows.map((r) => r.currency),
      rows.map((r) => r.amount),
      rows.map((r) => r.direction),
      rows.map((r) => r.status),
      rows.map((r) => r.description),
      rows.map((r) => r.reference),
      rows.map((r) => r.position.toString()),
      rows.map((r) => r.createdAt),
      rows.map((r) => JSON.stringify(r.details ?? {})),
    ],
  );
}

export const walletHistory = defineProjector({
  name: 'wallet-history',
  tables: ['wallet_transactions', 'payments', 'withdrawals'],
  handles,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.wallet_transactions (
      transaction_id text primary key,
      uid text not null,
      kind text not null,
      currency text not null,
      amount numeric not null,
      direction text not null,
      status text not null,
      description text not null,
      reference text,
      position bigint not null,
      created_at timestamptz not null
    )`);
    // Added after the first release: older tables get the column, their rows words from kind alone.
    await client.query(`alter table ${s}.wallet_transactions add column if not exists details jsonb not null default '{}'`);
    await client.query(`create index if not exists wallet_transactions_uid on ${s}.wallet_transactions (uid, position desc)`);
    await client.query(`create table if not exists ${s}.payments (
      payment_id text primary key,
      uid text not null,
      provider text not null,
      purpose text not null,
      amount_usd_cents bigint not null,
      diamonds bigint not null,
      status text not null,
      provider_ref text not null,
      failure_reason text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    await client.query(`create index if not exists payments_uid on ${s}.payments (uid)`);
    await client.query(`create table if not exists ${s}.withdrawals (
      withdrawal_id text primary key,
      uid text not null,
      charm bigint not null,
      usd_cents bigint not null,
      kind text not null,
      method text,
      address text,
      agency_uid text,
      proof_url text,
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    await client.query(`create index if not exists withdrawals_uid on ${s}.withdrawals (uid)`);
    // The operators' console: the network, and how an operator decided the withdrawal.
    await client.query(`alter table ${s}.withdrawals add column if not exists network text, add column if not exists reference text,
      add column if not exists decided_by text, add column if not exists failure_reason text`);
    await client.query(`create index if not exists withdrawals_status on ${s}.withdrawals (status, created_at)`);
    await client.query(`create index if not exists payments_pending on ${s}.payments (created_at) where status = 'pending'`);
    // Added after the first release: when the creator opened an agency payment.
    await client.query(`alter table ${s}.withdrawals add column if not exists read_at timestamptz`);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    // Rows in log order, status changes after the rows they change.
    let pending: HistoryRow[] = [];
    for (const e of events) {
      pending.push(...historyRows(e));
      const change = statusChange(e);
      if (e.type === 'PaymentInitiated' || e.type === 'PaymentConfirmed') {
        const d = e.data;
        const status = e.type === 'PaymentConfirmed' ? 'completed' : 'pending';
        await client.query(
          `insert into ${s}.payments (payment_id, uid, provider, purpose, amount_usd_cents, diamonds, status, provider_ref, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
           on conflict (payment_id) do update set status = excluded.status, updated_at = excluded.updated_at
             where ${s}.payments.status <> 'completed'`,
          [d.paymentId, d.uid, d.provider, d.purpose, d.amountUsdCents, d.diamonds, status, d.providerRef, e.createdAt],
        );
      } else if (e.type === 'PaymentFailed') {
        const d = e.data;
        await client.query(
          `update ${s}.payments set status = 'failed', failure_reason = $2, updated_at = $3 where payment_id = $1 and status <> 'completed'`,
          [d.paymentId, d.reason, e.createdAt],
        );
      } else if (e.type === 'PaymentNotificationRead') {
        await client.query(`update ${s}.withdrawals set read_at = coalesce(read_at, $3) where withdrawal_id = $1 and uid = $2`, [
          e.data.withdrawalId,
          e.data.uid,
          e.createdAt,
        ]);
      } else if (e.type === 'CharmWithdrawn') {
        const d = e.data;
        await client.query(
          `insert into ${s}.withdrawals (withdrawal_id, uid, charm, usd_cents, kind, method, address, agency_uid, proof_url, status, created_at, updated_at, network)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $10, $11) on conflict do nothing`,
          [
            d.withdrawalId,
            d.uid,
            d.charm,
            d.usdCents,
            d.kind,
            d.method ?? null,
            d.address ?? null,
            d.agencyUid ?? null,
            d.proofUrl ?? null,
            e.createdAt,
            d.network ?? null,
          ],
        );
      } else if (e.type === 'DiamondsCredited' && e.data.amountUsdCents !== undefined) {
        // A payment's credit: an offer payment credited after the account's offer was used bought
        // at the normal rate, so the payment's rows show the diamonds actually credited.
        const d = e.data;
        const { rows } = await client.query<{ amount_usd_cents: string; provider: string }>(
          `update ${s}.payments set diamonds = $2 where payment_id = $1 and diamonds <> $2 returning amount_usd_cents::text, provider`,
          [d.reference, d.amount],
        );
        if (rows[0]) {
          await insertRows(client, s, pending);
          pending = [];
          await client.query(`update ${s}.wallet_transactions set description = $2 where transaction_id = $1`, [
            d.reference,
            topUpText(Number(rows[0].amount_usd_cents), d.amount, rows[0].provider),
          ]);
        }
      } else if (e.type === 'WithdrawalCompleted') {
        const d = e.data;
        await client.query(
          `update ${s}.withdrawals set status = 'completed', updated_at = $2, reference = $3, decided_by = $4 where withdrawal_id = $1`,
          [d.withdrawalId, e.createdAt, d.reference ?? null, d.settledBy ?? null],
        );
      } else if (e.type === 'WithdrawalFailed') {
        const d = e.data;
        await client.query(
          `update ${s}.withdrawals set status = 'failed', updated_at = $2, failure_reason = $3, decided_by = $4 where withdrawal_id = $1`,
          [d.withdrawalId, e.createdAt, d.reason, d.rejectedBy ?? null],
        );
      }
      if (change) {
        await insertRows(client, s, pending);
        pending = [];
        // A completed row stays completed: a failure delivered late never undoes a confirmed payment,
        // while a success after a failed attempt (another card) completes it.
        await client.query(
          `update ${s}.wallet_transactions set status = $2 where transaction_id = $1 and (status = 'pending' or ($2 = 'completed' and status = 'failed'))`,
          [change.transactionId, change.status],
        );
      }
    }
    await insertRows(client, s, pending);
  },
});
