// Wallet reads: balance, transaction history, inventory, top-up options, SKUs, withdrawal figures,
// creator cash-outs and blockchain wallets. Read models only, through their named queries.
import {
  chainKindOf,
  DepositCurrency,
  collectible,
  findSku,
  formatText,
  money,
  pageMeta,
  EWalletChannel,
  eWalletChannelNames,
  type PaymentMethodDto,
  skuCatalogue,
  texts,
  topUp,
  paidCreditReasons,
  type CollectionItemDto,
  type CurrencyDto,
  type TransactionHistoryItem,
  type CryptoDepositDto,
  withdrawal,
} from '@murmur/contracts';
import { ApiError, defineRoute, type AuthContext, type PaymentSettings } from '@murmur/platform';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { isoDates } from '../iso-dates.ts';
import { collectionItems } from '@murmur/projections/queries/collections';
import { profileCountry } from '@murmur/projections/queries/profiles';
import { cashoutPage, charmAccount, diamondBalance } from '@murmur/projections/queries/wallet-balances';
import {
  agencyPayoutNotices,
  completedPaymentCount,
  paidDiamondCreditCount,
  paymentStatusOf,
  transactionHistoryPage,
  withdrawalPage,
} from '@murmur/projections/queries/wallet-history';
import { blockchainWallets, inventoryPage, vipUntil } from '@murmur/projections/queries/wallet-inventory';
import { lookupUsers } from '../user-directory.ts';
import { mediaUrl } from '../media/public.ts';

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

  defineRoute(
    router,
    'GET /wallet/balance',
    async ({ me: { uid } }) => {
      const [diamonds, charm, until, paidCredits] = await Promise.all([
        diamondBalance(pool, uid),
        charmAccount(pool, uid),
        vipUntil(pool, uid),
        // The wallet's own rule for the offer: an account with a paid credit has topped up.
        paidDiamondCreditCount(pool, uid, paidCreditReasons),
      ]);
      return {
        diamonds,
        charm: charm.balance,
        charmCredited: charm.credited,
        charmWithdrawn: charm.withdrawn,
        vipUntil: until && until.getTime() > Date.now() ? until.toISOString() : null,
        firstTopUpAvailable: paidCredits === 0,
      };
    },
    { before: [freshness(pool, ['wallet-balances', 'wallet-history', 'wallet-inventory'])] },
  );

  defineRoute(
    router,
    'GET /transaction/me',
    async ({ me: { uid }, query: q }) => {
      // A top-up is one line: its payment (pending, completed or failed, with what it cost and the
      // diamonds it brings), never also the diamonds' credit beside it as a second "+" line.
      const { rows, total } = await transactionHistoryPage(pool, {
        uid,
        paidReasons: paidCreditReasons,
        status: q.status,
        currency: q.currency,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      const people = await lookupUsers(
        deps,
        rows.flatMap((r) => [...(r.details.recipients ?? []), ...(r.details.senderUid ? [r.details.senderUid] : [])]),
      );
      const person = (id: string) => ({ uid: id, username: people.get(id)?.username ?? id });
      const dtos = rows.map((r): TransactionHistoryItem => ({
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
      return { items: dtos, meta: pageMeta(q, total, dtos.length) };
    },
    { before: [freshness(pool, ['wallet-history'])] },
  );

  defineRoute(
    router,
    'GET /wallet/inventory/bought',
    async ({ me: { uid }, query: q }) => {
      const { rows, total } = await inventoryPage(pool, { uid, limit: q.limit, offset: (q.page - 1) * q.limit });
      return {
        items: rows.map((r) => isoDates(r, 'purchasedAt', 'expiresAt')),
        meta: pageMeta(q, total, rows.length),
      };
    },
    { before: [freshness(pool, ['wallet-inventory'])] },
  );

  // ---- collections (spec "Collections tabs: Inventory, Frames, Badges"): owned items and their status ----
  defineRoute(
    router,
    'GET /wallet/collections',
    async ({ me: { uid }, query: q }) => {
      const rows = await collectionItems(pool, uid, q.kind);
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
      return { items };
    },
    { before: [freshness(pool, ['collections'])] },
  );

  // ---- top-up options (docs/decisions/payments.md) ----
  defineRoute(router, 'GET /payment/currencies/available', ({}) => {
    return { items: currencies(deps.payments), defaultCurrency: 'USD' };
  });

  defineRoute(router, 'GET /payment/currencies/conversion', ({ query: q }) => {
    const from = deps.rates.usdValue(q.from.toUpperCase());
    const to = deps.rates.usdValue(q.to.toUpperCase());
    if (from === null || to === null) throw new ApiError('VALIDATION_FAILED', 'Unknown currency.');
    return {
      from: q.from.toUpperCase(),
      to: q.to.toUpperCase(),
      amount: q.amount,
      value: Math.round(((q.amount * from) / to) * 1e6) / 1e6,
      rate: from / to,
      diamondsPerUsd: money.diamondsPerUsd,
    };
  });

  defineRoute(router, 'GET /payment/currencies/recommended', async ({ me: { uid } }) => {
    const firstTopUpAvailable = (await completedPaymentCount(pool, uid)) === 0;
    return {
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
    };
  });

  defineRoute(
    router,
    'GET /payment/methods',
    async ({ me, query: q }) => {
      const p = deps.payments;
      // The region: a signed-in caller's profile country, else the one asked for.
      let region = q.region?.toUpperCase() ?? null;
      if (me) {
        const country = (await profileCountry(pool, me.uid))?.toUpperCase() ?? '';
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
      return {
        defaultMethod: local && ewallet.length ? 'ewallet' : 'crypto',
        items: local ? [...ewallet, ...items] : [...items, ...ewallet],
      };
    },
    { before: [freshness(pool, ['profiles'])] },
  );

  defineRoute(router, 'GET /skus/read', ({}) => {
    return { items: skuCatalogue };
  });

  defineRoute(router, 'GET /skus/read/{id}', ({ params }) => {
    const sku = findSku(params.id ?? '');
    if (!sku) throw new ApiError('NOT_FOUND', 'Item not found.');
    return sku;
  });

  // ---- withdrawals and creator cash-out ----
  defineRoute(
    router,
    'GET /wallet/withdraw/available',
    async ({ me: { uid } }) => {
      const charm = (await charmAccount(pool, uid)).balance;
      return {
        charm,
        usd: Math.round(charm * money.usdPerCharm * 100) / 100,
        usdPerCharm: money.usdPerCharm,
        minimumCharm: withdrawal.minimumCharm,
      };
    },
    { before: [freshness(pool, ['wallet-balances'])] },
  );

  defineRoute(
    router,
    'GET /wallet/withdrawals',
    async ({ me: { uid }, query: q }) => {
      const { rows, total } = await withdrawalPage(pool, { uid, limit: q.limit, offset: (q.page - 1) * q.limit });
      return {
        items: rows.map((r) => isoDates(r, 'createdAt')),
        meta: pageMeta(q, total, rows.length),
      };
    },
    { before: [freshness(pool, ['wallet-history'])] },
  );

  // An agency sees the creators on its own roster who have charm to cash out; an admin sees all.
  defineRoute(
    router,
    'GET /wallet/creator/cashout-list',
    async ({ me, query: q }) => {
      const caller = me;
      const everyone = caller.roles.includes('ad');
      const { rows, total } = await cashoutPage(pool, {
        everyone,
        ownerUid: caller.uid,
        usdPerCharm: money.usdPerCharm,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return { items: rows, meta: pageMeta(q, total, rows.length) };
    },
    { before: [freshness(pool, ['wallet-balances', 'guild'])] },
  );

  const notifications = async ({ me: { uid } }: { me: AuthContext }) => {
    const { rows, unread } = await agencyPayoutNotices(pool, uid);
    // The proof is an uploaded media key: the creator gets a signed URL to see it.
    const items = await Promise.all(rows.map(async (r) => ({ ...isoDates(r, 'createdAt'), proofUrl: await mediaUrl(deps, r.proofUrl) })));
    return { items, unreadCount: unread };
  };
  const noticesFresh = { before: [freshness(pool, ['wallet-history', 'users'])] };
  defineRoute(router, 'GET /payment-notifications', notifications, noticesFresh);
  defineRoute(router, 'GET /wallet/creator/payment-notifications', notifications, noticesFresh);

  defineRoute(
    router,
    'GET /wallet/blockchain',
    async ({ me: { uid } }) => {
      const rows = await blockchainWallets(pool, uid);
      return { items: rows.map((r) => isoDates(r, 'createdAt', 'updatedAt')) };
    },
    { before: [freshness(pool, ['wallet-inventory'])] },
  );

  defineRoute(
    router,
    'GET /payment/status/{paymentId}',
    async ({ me: { uid }, params }) => {
      const payment = await paymentStatusOf(pool, params.paymentId, uid);
      if (!payment) throw new ApiError('NOT_FOUND', 'Payment not found.');
      return payment;
    },
    { before: [freshness(pool, ['wallet-history'])] },
  );
}
