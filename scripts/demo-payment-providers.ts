// The demo's web payment and PH e-wallets: the local fake providers the tests use
// (test-support/web-payment-server.ts, ewallet-server.ts), started by `npm start` so a person can
// try both checkouts, approval pages included, without an account at either provider. Only when
// the real keys are not set; production never runs the demo (MURMUR_DEMO is refused there).
import { startEWalletServer } from '../test-support/ewallet-server.ts';
import { startWebPaymentServer } from '../test-support/web-payment-server.ts';

export async function startDemoPaymentProviders(
  env: Record<string, string | undefined>,
  edgeUrl: string,
): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const out: Record<string, string> = {};
  const stops: Array<() => Promise<void>> = [];
  if (!env.WEBPAY_CLIENT_ID) {
    const webpay = await startWebPaymentServer();
    webpay.webhookUrl = `${edgeUrl}/api/v1/payment/webpay/webhook`;
    Object.assign(out, {
      WEBPAY_API_URL: webpay.url,
      WEBPAY_CLIENT_ID: webpay.clientId,
      WEBPAY_CLIENT_SECRET: webpay.clientSecret,
      WEBPAY_WEBHOOK_ID: webpay.webhookId,
    });
    stops.push(webpay.stop);
    console.log(`Demo web payment provider (local fake): ${webpay.url}`);
  }
  if (!env.EWALLET_SECRET_KEY) {
    const ewallet = await startEWalletServer();
    ewallet.webhookUrl = `${edgeUrl}/api/v1/payment/ewallet/webhook`;
    Object.assign(out, {
      EWALLET_API_URL: ewallet.url,
      EWALLET_SECRET_KEY: ewallet.secretKey,
      EWALLET_WEBHOOK_SECRET: ewallet.webhookSecret,
    });
    stops.push(ewallet.stop);
    console.log(`Demo e-wallet provider (local fake): ${ewallet.url}`);
  }
  return { env: out, stop: async () => void (await Promise.all(stops.map((s) => s()))) };
}
