// Wallet reads: balance, transaction history, inventory, top-up options, SKUs, withdrawal figures,
// creator cash-outs and blockchain wallets. Read models only (`rm.*`).
import {
  chainKindOf,
  DepositCurrency,
  BalanceDto,
  BlockchainWalletList,
  CashoutList,
  collectible,
  CollectionList,
  CurrencyConversion,
  CurrencyList,
  findSku,
  formatText,
  InventoryList,
  money,
  PageQuery,
  pageMeta,
  EWalletChannel,
  eWalletChannelNames,
  PaymentMethods,
  PaymentMethodsQuery,
  type PaymentMethodDto,
  PaymentNotifications,
  PaymentStatusDto,
  RecommendedTopUps,
  SkuDto,
  SkuList,
  skuCatalogue,
  texts,
  topUp,
  TransactionHistory,
  paidCreditReasons,
  WithdrawalList,
  WithdrawAvailable,
  type BlockchainWalletItem,
  type CashoutItem,
  type CollectionItemDto,
  type CurrencyDto,
  type InventoryItem,
  type PaymentNotification,
  type TransactionHistoryItem,
  type CryptoDepositDto,
  type WithdrawalItem,
  withdrawal,
  CollectionsQuery,
  CurrencyConversionQuery,
  TransactionHistoryQuery,
} from '@murmur/contracts';
import { ApiError, currentUser, parse, requireAuth, send, type PaymentSettings } from '@murmur/platform';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { isoDates, type Dated } from '../iso-dates.ts';
import { appearanceSql } from '@murmur/projections/queries/collections';
import { lookupUsers } from '../user-directory.ts';
import { mediaUrl } from '../media/routes.ts';

interface HistoryRow {
  transaction_id: string;
  kind: string;
  currency: TransactionHistoryItem['currency'];
  amount: number;
  direction: TransactionHistoryItem['direction'];
  status: TransactionHistoryItem['status'];
  details: { giftName?: string; quantity?: number; recipients?: string[]; senderUid?: string };
  created_at: Date;
  description: string;
  reference: string | null;
  usd_cents: number | null;
  payment_diamonds: number | null;
  provider: string | null;
}

const chainNames: Record<number, string> = {
  1: 'ethereum',
  11155111: 'sepolia',
  137: 'polygon',
  80001: 'mumbai',
  80094: 'berachain',
  80084: 'bartio',
  2741: 'abstract',
  11124: 'abstract-testnet',
  101: 'solana',
  103: 'solana-devnet',
};

/** Deposit token contracts from the payment configuration (the same the chain verifier accepts). */
function tokenContracts(payments: PaymentSettings, symbol: string): CurrencyDto['contracts'] {
  return payments.tokens
    .filter((t) => t.symbol === symbol)
    .map((t) => ({ chain: chainNames[t.chainId] ?? String(t.chainId), chainId: t.chainId, address: t.address, decimals: t.decimals }));
}

/** The deposit address per supported chain, with what it accepts; none without a deposit address
 * (production without PAYMENT_DEPOSIT_ADDRESS or PAYMENT_SOLANA_DEPOSIT_ADDRESS, where command-api
 * refuses those chains too). Solana chains are listed only when something is accepted on them. */
function cryptoDeposits(payments: PaymentSettings): CryptoDepositDto[] {
  const deposit = (chainId: number, address: string, kind: CryptoDepositDto['kind']): CryptoDepositDto => ({
    chainId,
    address,
    kind,
    // The demo's stand-in EVM address, or the demo's Solana chain (always a local one in the demo).
    ...((kind === 'evm' ? payments.depositIsDemo : payments.demo) ? { demo: true } : {}),
    tokens: payments.tokens
      .filter((t) => t.chainId === chainId)
      .map((t) => ({ symbol: t.symbol, contract: t.address, decimals: t.decimals })),
    confirmations: payments.confirmations,
    ...(payments.demoWallet?.rpcUrls[chainId] && (kind === 'evm' ? payments.demoWallet.evmKey : payments.demoWallet.solanaKey)
      ? { demoWallet: true }
      : {}),
  });
  const evm = payments.depositAddress;
  const solana = payments.solanaDepositAddress;
  return [
    ...(evm ? money.supportedChainIds.map((chainId) => deposit(chainId, evm, 'evm')) : []),
    ...(solana
      ? money.solanaChainIds
          .filter((chainId) => payments.tokens.some((t) => t.chainId === chainId))
          .map((chainId) => deposit(chainId, solana, 'solana'))
      : []),
  ];
}

/** The crypto currencies a top-up is accepted in here (what command-api checks against). */
const cryptoTopUpCurrencies = (payments: PaymentSettings): string[] => {
  const hasDeposit = (chainId: number) =>
    chainKindOf(chainId) === 'solana' ? Boolean(payments.solanaDepositAddress) : payments.depositAddress !== null;
  return DepositCurrency.options.filter((symbol) => payments.tokens.some((t) => t.symbol === symbol && hasDeposit(t.chainId)));
};

function currencies(payments: PaymentSettings): CurrencyDto[] {
  const c = (kind: CurrencyDto['kind'], symbol: string, name: string, intents: CurrencyDto['supportedIntents']): CurrencyDto => ({
    kind,
    name,
    symbol,
    image: `/currencies/${symbol.toLowerCase()}.svg`,
    contracts: tokenContracts(payments, symbol),
    supportedIntents: intents,
  });
  return [
    c('fiat', 'USD', 'US Dollar', ['topup', 'purchase']),
    c('crypto', 'USDT', 'Tether USD', ['topup', 'withdraw']),
    c('crypto', 'USDC', 'USD Coin', ['topup', 'withdraw']),
    c('virtual', 'DMND', 'Diamonds', ['purchase']),
    c('virtual', 'CHRM', 'Charm', ['withdraw']),
    c('crypto', 'ETH', 'Ether', cryptoTopUpCurrencies(payments).includes('ETH') ? ['topup'] : []),
    c('crypto', 'SOL', 'Solana', cryptoTopUpCurrencies(payments).includes('SOL') ? ['topup'] : []),
    c('fiat', 'PHP', 'Philippine Peso', payments.ewallet ? ['topup'] : []),
    c('crypto', 'TON', 'Toncoin', payments.ton ? ['topup'] : []),
    c('crypto', 'HONEY', 'Honey', cryptoTopUpCurrencies(payments).includes('HONEY') ? ['topup'] : []),
  ];
}

export function walletRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;

  router.get(
    '/wallet/balance',
    requireAuth(),
    freshness(pool, ['wallet-balances', 'wallet-history', 'wallet-inventory']),
    async (req, res) => {
      const { uid } = currentUser(req);
      const [d, c, vip, paid] = await Promise.all([
        pool.query<{ balance: string }>('select balance::text from rm.diamond_balances where uid = $1', [uid]),
        pool.query<{ balance: string; credited: string; withdrawn: string }>(
          'select balance::text, credited::text, withdrawn::text from rm.charm_balances where uid = $1',
          [uid],
        ),
        pool.query<{ until: Date | null }>(`select max(expires_at) as until from rm.inventory where uid = $1 and sku_kind = 'vip'`, [uid]),
        // The wallet's own rule for the offer: an account with a paid credit has topped up.
        pool.query<{ n: number }>(
          `select count(*)::int as n from rm.wallet_transactions where uid = $1 and currency = 'DMND' and direction = 'in' and kind = any($2::text[])`,
          [uid, paidCreditReasons],
        ),
      ]);
      const until = vip.rows[0]?.until ?? null;
      send(res, BalanceDto, {
        diamonds: Number(d.rows[0]?.balance ?? 0),
        charm: Number(c.rows[0]?.balance ?? 0),
        charmCredited: Number(c.rows[0]?.credited ?? 0),
        charmWithdrawn: Number(c.rows[0]?.withdrawn ?? 0),
        vipUntil: until && until.getTime() > Date.now() ? until.toISOString() : null,
        firstTopUpAvailable: (paid.rows[0]?.n ?? 0) === 0,
      });
    },
  );

  router.get('/transaction/me', requireAuth(), freshness(pool, ['wallet-history']), async (req, res) => {
    const { uid } = currentUser(req);
    const q = parse(TransactionHistoryQuery, req.query);
    // A top-up is one line: its payment (pending, completed or failed, with what it cost and the
    // diamonds it brings), never also the diamonds' credit beside it as a second "+" line.
    const where = [
      't.uid = $1',
      `not (t.currency = 'DMND' and t.kind = any($2::text[]) and exists (select 1 from rm.payments paid where paid.payment_id = t.reference))`,
    ];
    const params: unknown[] = [uid, paidCreditReasons];
    if (q.status) where.push(`t.status = $${params.push(q.status)}`);
    if (q.currency) where.push(`t.currency = $${params.push(q.currency)}`);
    const [items, count] = await Promise.all([
      pool.query<HistoryRow>(
        `select t.transaction_id, t.kind, t.currency, t.amount::float8 as amount, t.direction, t.status, t.details, t.created_at,
                t.description, t.reference, p.amount_usd_cents::int as usd_cents, p.diamonds::int as payment_diamonds, p.provider
           from rm.wallet_transactions t
           left join rm.payments p on t.currency = 'USD' and p.payment_id = t.transaction_id
          where ${where.join(' and ')}
          order by t.position desc, t.transaction_id limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>(`select count(*)::int as n from rm.wallet_transactions t where ${where.join(' and ')}`, params),
    ]);
    const people = await lookupUsers(
      deps,
      items.rows.flatMap((r) => [...(r.details.recipients ?? []), ...(r.details.senderUid ? [r.details.senderUid] : [])]),
    );
    const person = (id: string) => ({ uid: id, username: people.get(id)?.username ?? id });
    const dtos = items.rows.map((r): TransactionHistoryItem => ({
      transactionId: r.transaction_id,
      kind: r.kind,
      currency: r.currency,
      amount: r.amount,
      direction: r.direction,
      status: r.status,
      createdAt: r.created_at.toISOString(),
      description: r.description,
      reference: r.reference,
      gift: r.details.giftName ? { name: r.details.giftName, quantity: r.details.quantity ?? 1 } : null,
      counterparties: (r.details.recipients ?? (r.details.senderUid ? [r.details.senderUid] : [])).map(person),
      topUp: r.usd_cents !== null ? { usdCents: r.usd_cents, diamonds: r.payment_diamonds ?? 0, provider: r.provider ?? '' } : null,
    }));
    send(res, TransactionHistory, { items: dtos, meta: pageMeta(q, count.rows[0]?.n ?? 0, dtos.length) });
  });

  router.get('/wallet/inventory/bought', requireAuth(), freshness(pool, ['wallet-inventory']), async (req, res) => {
    const { uid } = currentUser(req);
    const q = parse(PageQuery, req.query);
    const [items, count] = await Promise.all([
      pool.query<Dated<InventoryItem, 'purchasedAt' | 'expiresAt'>>(
        `select purchase_id as "purchaseId", sku_id as "skuId", sku_kind as "kind", name, quantity, diamonds_total::int as "diamondsTotal",
                target, purchased_at as "purchasedAt", expires_at as "expiresAt",
                case when expires_at is not null and expires_at < now() then 'expired' else 'active' end as status
           from rm.inventory where uid = $1 order by position desc limit $2 offset $3`,
        [uid, q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>('select count(*)::int as n from rm.inventory where uid = $1', [uid]),
    ]);
    send(res, InventoryList, {
      items: items.rows.map((r) => isoDates(r, 'purchasedAt', 'expiresAt')),
      meta: pageMeta(q, count.rows[0]?.n ?? 0, items.rows.length),
    });
  });

  // ---- collections (spec "Collections tabs: Inventory, Frames, Badges"): owned items and their status ----
  router.get('/wallet/collections', requireAuth(), freshness(pool, ['collections']), async (req, res) => {
    const { uid } = currentUser(req);
    const q = parse(CollectionsQuery, req.query);
    const { rows } = await pool.query<{
      item_id: string;
      kind: string;
      name: string;
      quantity: number;
      expires_at: Date | null;
      acquired_at: Date;
      worn: boolean;
      expired: boolean;
    }>(
      `select c.item_id, c.kind, c.name, c.quantity, c.expires_at, c.acquired_at,
              (c.expires_at is not null and c.expires_at <= now()) as expired,
              (c.item_id = w.frame_id or c.item_id = any(w.badge_ids)) as worn
         from rm.collection_items c left join lateral (${appearanceSql('c.uid')}) w on true
        where c.uid = $1 and ($2 = 'all' or c.kind = $2)
        order by expired, c.acquired_at desc`,
      [uid, q.kind],
    );
    const items: CollectionItemDto[] = rows.map((r) => ({
      itemId: r.item_id,
      kind: r.kind as CollectionItemDto['kind'],
      name: r.name,
      imageUrl: collectible(r.item_id)?.imageUrl ?? '/gifts/star.svg',
      quantity: r.quantity,
      status: r.expired ? 'expired' : r.worn ? 'active' : 'inactive',
      expiresAt: r.expires_at?.toISOString() ?? null,
      acquiredAt: r.acquired_at.toISOString(),
    }));
    send(res, CollectionList, { items });
  });

  // ---- top-up options (docs/decisions/payments.md) ----
  router.get('/payment/currencies/available', (_req, res) => {
    send(res, CurrencyList, { items: currencies(deps.payments), defaultCurrency: 'USD' });
  });

  router.get('/payment/currencies/conversion', (req, res) => {
    const q = parse(CurrencyConversionQuery, req.query);
    const from = deps.rates.usdValue(q.from.toUpperCase());
    const to = deps.rates.usdValue(q.to.toUpperCase());
    if (from === null || to === null) throw new ApiError('VALIDATION_FAILED', 'Unknown currency.');
    send(res, CurrencyConversion, {
      from: q.from.toUpperCase(),
      to: q.to.toUpperCase(),
      amount: q.amount,
      value: Math.round(((q.amount * from) / to) * 1e6) / 1e6,
      rate: from / to,
      diamondsPerUsd: money.diamondsPerUsd,
    });
  });

  router.get('/payment/currencies/recommended', requireAuth(), async (req, res) => {
    const { uid } = currentUser(req);
    const paid = await pool.query<{ n: number }>(`select count(*)::int as n from rm.payments where uid = $1 and status = 'completed'`, [
      uid,
    ]);
    const firstTopUpAvailable = (paid.rows[0]?.n ?? 0) === 0;
    send(res, RecommendedTopUps, {
      items: money.recommendedTopUpsUsd.map((usd) => ({ value: usd, currency: 'USD', diamonds: usd * money.diamondsPerUsd })),
      firstTopUpOffer: {
        available: firstTopUpAvailable,
        value: money.firstTopUpPackageUsd,
        price: money.firstTopUpPackageUsd * (1 - money.firstTopUpDiscount),
        discount: money.firstTopUpDiscount,
        diamonds: money.firstTopUpPackageUsd * money.diamondsPerUsd,
        currency: 'USD',
      },
      bounds: { min: topUp.minUsd, max: topUp.maxUsd, message: formatText(texts.amountBetween, { min: topUp.minUsd, max: topUp.maxUsd }) },
    });
  });

  router.get('/payment/methods', freshness(pool, ['profiles']), async (req, res) => {
    const q = parse(PaymentMethodsQuery, req.query);
    const p = deps.payments;
    // The region: a signed-in caller's profile country, else the one asked for.
    let region = q.region?.toUpperCase() ?? null;
    if (req.auth) {
      const { rows } = await pool.query<{ country: string | null }>(
        `select address->>'country' as country from rm.profiles where uid = $1`,
        [req.auth.uid],
      );
      const country = rows[0]?.country?.toUpperCase() ?? '';
      if (/^[A-Z]{2}$/.test(country)) region = country;
    }
    const regions = p.ewalletRegions ?? ['PH'];
    const ewallet: PaymentMethodDto[] = p.ewallet
      ? [
          {
            id: 'ewallet',
            name: 'GCash / Maya',
            currencies: ['PHP'],
            channels: EWalletChannel.options.map((id) => ({ id, name: eWalletChannelNames[id] })),
            region: regions[0] ?? 'PH',
            rate: p.phpPerUsd ?? 58.82,
          },
        ]
      : [];
    const local = region !== null && regions.includes(region);
    const items: PaymentMethodDto[] = [
      {
        id: 'crypto',
        name: 'Crypto wallet',
        currencies: [...new Set(['USDT', 'USDC', ...cryptoTopUpCurrencies(p)])],
        chainIds: [...money.supportedChainIds],
        deposits: cryptoDeposits(p),
      },
      { id: 'card' as const, name: 'Card', currencies: ['USD'], publishableKey: p.cardPublishableKey },
      // Offered exactly when command-api accepts it (one payment configuration).
      ...(p.webpay ? [{ id: 'webpay' as const, name: 'Web payment', currencies: ['USD'] }] : []),
      ...(p.ton ? [{ id: 'ton' as const, name: 'TON', currencies: ['TON'], address: p.ton.address, rate: p.ton.tonPerUsd }] : []),
      ...(p.sandboxEnabled ? [{ id: 'sandbox' as const, name: 'Sandbox (demo)', currencies: ['USD'] }] : []),
    ];
    // E-wallets come first, and are the default, for users in their region; listed last elsewhere.
    send(res, PaymentMethods, {
      defaultMethod: local && ewallet.length ? 'ewallet' : 'crypto',
      items: local ? [...ewallet, ...items] : [...items, ...ewallet],
    });
  });

  router.get('/skus/read', (_req, res) => {
    send(res, SkuList, { items: skuCatalogue });
  });

  router.get('/skus/read/:id', (req, res) => {
    const sku = findSku(req.params.id ?? '');
    if (!sku) throw new ApiError('NOT_FOUND', 'Item not found.');
    send(res, SkuDto, sku);
  });

  // ---- withdrawals and creator cash-out ----
  router.get('/wallet/withdraw/available', requireAuth(), freshness(pool, ['wallet-balances']), async (req, res) => {
    const { uid } = currentUser(req);
    const { rows } = await pool.query<{ balance: string }>('select balance::text from rm.charm_balances where uid = $1', [uid]);
    const charm = Number(rows[0]?.balance ?? 0);
    send(res, WithdrawAvailable, {
      charm,
      usd: Math.round(charm * money.usdPerCharm * 100) / 100,
      usdPerCharm: money.usdPerCharm,
      minimumCharm: withdrawal.minimumCharm,
    });
  });

  router.get('/wallet/withdrawals', requireAuth(), freshness(pool, ['wallet-history']), async (req, res) => {
    const { uid } = currentUser(req);
    const q = parse(PageQuery, req.query);
    const [items, count] = await Promise.all([
      pool.query<Dated<WithdrawalItem, 'createdAt'>>(
        `select withdrawal_id as "withdrawalId", charm::int, usd_cents::int as "usdCents", kind, method, address, status, created_at as "createdAt",
                reference, failure_reason as "failureReason"
           from rm.withdrawals where uid = $1 order by created_at desc limit $2 offset $3`,
        [uid, q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>('select count(*)::int as n from rm.withdrawals where uid = $1', [uid]),
    ]);
    send(res, WithdrawalList, {
      items: items.rows.map((r) => isoDates(r, 'createdAt')),
      meta: pageMeta(q, count.rows[0]?.n ?? 0, items.rows.length),
    });
  });

  // An agency sees the creators on its own roster who have charm to cash out; an admin sees all.
  router.get('/wallet/creator/cashout-list', requireAuth('ag', 'ad'), freshness(pool, ['wallet-balances', 'guild']), async (req, res) => {
    const caller = currentUser(req);
    const q = parse(PageQuery, req.query);
    const everyone = caller.roles.includes('ad');
    const onRoster = (all: string, owner: string) =>
      `(${all}::boolean or c.uid in (select h.host_uid from rm.agency_hosts h join rm.agencies a on a.agency_id = h.agency_id where a.owner_uid = ${owner}))`;
    const [items, count] = await Promise.all([
      pool.query<CashoutItem>(
        `select c.uid, c.balance::int as charm, round(c.balance * $3::numeric, 2)::float8 as usd, c.credited::int as "charmCredited", c.withdrawn::int as "charmWithdrawn"
           from rm.charm_balances c where c.balance > 0 and ${onRoster('$4', '$5')} order by c.balance desc, c.uid limit $1 offset $2`,
        [q.limit, (q.page - 1) * q.limit, money.usdPerCharm, everyone, caller.uid],
      ),
      pool.query<{ n: number }>(`select count(*)::int as n from rm.charm_balances c where c.balance > 0 and ${onRoster('$1', '$2')}`, [
        everyone,
        caller.uid,
      ]),
    ]);
    send(res, CashoutList, { items: items.rows, meta: pageMeta(q, count.rows[0]?.n ?? 0, items.rows.length) });
  });

  const notifications = async (req: express.Request, res: express.Response) => {
    const { uid } = currentUser(req);
    const [list, unread] = await Promise.all([
      pool.query<Dated<PaymentNotification, 'createdAt'>>(
        `select w.withdrawal_id as "withdrawalId", w.charm::int, w.usd_cents::int as "usdCents", w.agency_uid as "agencyUid", a.username as "agencyName",
                w.proof_url as "proofUrl", w.status, (w.read_at is null) as unread, w.created_at as "createdAt"
           from rm.withdrawals w left join rm.users a on a.uid = w.agency_uid
          where w.uid = $1 and w.kind = 'agency_payout' order by w.created_at desc limit 50`,
        [uid],
      ),
      pool.query<{ n: number }>(
        `select count(*)::int as n from rm.withdrawals where uid = $1 and kind = 'agency_payout' and read_at is null`,
        [uid],
      ),
    ]);
    // The proof is an uploaded media key: the creator gets a signed URL to see it.
    const items = await Promise.all(
      list.rows.map(async (r) => ({ ...isoDates(r, 'createdAt'), proofUrl: await mediaUrl(deps, r.proofUrl) })),
    );
    send(res, PaymentNotifications, { items, unreadCount: unread.rows[0]?.n ?? 0 });
  };
  router.get('/payment-notifications', requireAuth(), freshness(pool, ['wallet-history', 'users']), notifications);
  router.get('/wallet/creator/payment-notifications', requireAuth(), freshness(pool, ['wallet-history', 'users']), notifications);

  router.get('/wallet/blockchain', requireAuth(), freshness(pool, ['wallet-inventory']), async (req, res) => {
    const { uid } = currentUser(req);
    const { rows } = await pool.query<Dated<BlockchainWalletItem, 'createdAt' | 'updatedAt'>>(
      `select wallet_id as "walletId", name, address, chain, created_at as "createdAt", updated_at as "updatedAt"
         from rm.blockchain_wallets where uid = $1 order by created_at`,
      [uid],
    );
    send(res, BlockchainWalletList, { items: rows.map((r) => isoDates(r, 'createdAt', 'updatedAt')) });
  });

  router.get('/payment/status/:paymentId', requireAuth(), freshness(pool, ['wallet-history']), async (req, res) => {
    const { uid } = currentUser(req);
    const { rows } = await pool.query<PaymentStatusDto>(
      `select payment_id as "transactionId", provider, purpose, amount_usd_cents::int as "amountUsdCents", diamonds::int, status,
              provider_ref as "referenceId", failure_reason as "statusMessage"
         from rm.payments where payment_id = $1 and uid = $2`,
      [req.params.paymentId, uid],
    );
    if (!rows[0]) throw new ApiError('NOT_FOUND', 'Payment not found.');
    send(res, PaymentStatusDto, rows[0]);
  });
}
