// The payment ports built from the one payment configuration (platform's `readPaymentSettings`).
// buildCommandApi puts them in `CommandDeps.payments`; tests pass their own (their Stripe server,
// their anvil chain).
import { readPaymentSettings, type PaymentSettings } from '@murmur/platform';
import Stripe from 'stripe';
import { PayMongoEWallet } from './paymongo-ewallet.ts';
import { PayPalWebPayment } from './paypal-web-payment.ts';
import type { PaymentPorts } from './ports.ts';
import { StripeCardProvider } from './stripe-card-provider.ts';
import { ToncenterTonChain } from './toncenter-ton-chain.ts';
import { ViemChainVerifier } from './viem-chain-verifier.ts';

export function paymentPortsFrom(settings: PaymentSettings): PaymentPorts {
  const { stripe, chainRpcUrls, cardPublishableKey: _browserKey, webpay, ewallet, ...config } = settings;
  return {
    card: stripe ? new StripeCardProvider(new Stripe(stripe.secretKey), stripe.webhookSecret) : null,
    chain: Object.keys(chainRpcUrls).length > 0 ? new ViemChainVerifier(chainRpcUrls) : null,
    webpay: webpay ? new PayPalWebPayment(webpay) : null,
    ewallet: ewallet ? new PayMongoEWallet(ewallet) : null,
    ton: config.ton ? new ToncenterTonChain(config.ton) : null,
    config,
  };
}

export const paymentPortsFromEnv = (env: Record<string, string | undefined> = process.env): PaymentPorts => paymentPortsFrom(readPaymentSettings(env));
