// The payment ports built from the one payment configuration (platform's `readPaymentSettings`).
// buildCommandApi puts them in `CommandDeps.payments`; tests pass their own (their Stripe server,
// their anvil chain).
import { chainKindOf, stablecoins } from '@murmur/contracts';
import { currencyRatesFromEnv, readPaymentSettings, type CurrencyRateSource, type PaymentSettings } from '@murmur/platform';
import Stripe from 'stripe';
import { ChainVerifierByKind } from './chain-verifiers.ts';
import { PayMongoEWallet } from './paymongo-ewallet.ts';
import { PayPalWebPayment } from './paypal-web-payment.ts';
import type { PaymentPorts } from './ports.ts';
import { StripeCardProvider } from './stripe-card-provider.ts';
import { ToncenterTonChain } from './toncenter-ton-chain.ts';
import { SolanaChainVerifier } from './solana-chain-verifier.ts';
import { ViemChainVerifier } from './viem-chain-verifier.ts';

const urlsOf = (urls: Record<number, string>, kind: 'evm' | 'solana') =>
  Object.fromEntries(Object.entries(urls).filter(([id]) => chainKindOf(Number(id)) === kind));

export function paymentPortsFrom(settings: PaymentSettings, rates: CurrencyRateSource | null = null): PaymentPorts {
  const { stripe, chainRpcUrls, cardPublishableKey: _browserKey, webpay, ewallet, ...config } = settings;
  const evm = urlsOf(chainRpcUrls, 'evm');
  const solana = urlsOf(chainRpcUrls, 'solana');
  return {
    card: stripe ? new StripeCardProvider(new Stripe(stripe.secretKey), stripe.webhookSecret) : null,
    chain:
      Object.keys(chainRpcUrls).length > 0
        ? new ChainVerifierByKind({
            evm: Object.keys(evm).length > 0 ? new ViemChainVerifier(evm) : null,
            solana: Object.keys(solana).length > 0 ? new SolanaChainVerifier(solana) : null,
          })
        : null,
    rates,
    webpay: webpay ? new PayPalWebPayment(webpay) : null,
    ewallet: ewallet ? new PayMongoEWallet(ewallet) : null,
    ton: config.ton ? new ToncenterTonChain(config.ton) : null,
    config,
  };
}

/** The rate source is read only when a currency needs it (ETH, SOL, HONEY): a deployment taking
 * stablecoins alone needs no CURRENCY_USD_RATES. */
export function paymentPortsFromEnv(env: Record<string, string | undefined> = process.env): PaymentPorts {
  const settings = readPaymentSettings(env);
  const needsRates = settings.tokens.some((t) => !stablecoins.includes(t.symbol));
  return paymentPortsFrom(settings, needsRates ? currencyRatesFromEnv(env) : null);
}
