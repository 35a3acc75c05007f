// TON in the mini-app, with TON Connect (@tonconnect/ui-react, bundled): pick an amount in USD,
// connect the wallet (the one Telegram embeds connects at once, others through TON Connect's list),
// payment/ton/init fixes the TON amount and gives the transfer, the wallet sends it, and the app asks
// payment/ton/confirm until the server has seen it on the chain with its confirmations. The credit
// comes from the chain, never from the wallet's answer (the signed message, boc, is only passed on).
import { money } from '@murmur/contracts/constants';
import { formatText } from '@murmur/contracts/errors';
import { tonTexts } from '@murmur/contracts/top-up-texts';
import type { PaymentMethodDto } from '@murmur/contracts/wallet';
import { TonConnectUIProvider, useTonAddress, useTonConnectUI, useTonWallet } from '@tonconnect/ui-react';
import { useState } from 'react';
import { ApiCallError, newIdempotencyKey } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { Button } from '../../components/Button.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import type { PaymentResultDto } from '@murmur/contracts/wallet';
import { haptic } from '../../telegram/telegramSdk.ts';
import styles from './MiniApp.module.css';

/** The server's answer, or a refusal read as a failed payment with its text. */
type TonResult = Pick<PaymentResultDto, 'status' | 'transactionId' | 'message' | 'ton'>;

type Phase = { kind: 'idle' } | { kind: 'busy'; text: string } | { kind: 'done' } | { kind: 'failed'; text: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tonOf = (usd: number, rate: number) => (Math.ceil(Number((usd * 100 * rate * 1e4).toFixed(6))) / 1e6).toString();

export default function TonTopUp() {
  const { data: methods } = useQuery(api.money.paymentMethods.path());
  const ton = methods?.items.find((m) => m.id === 'ton');
  // Offered only where TON is configured (the server refuses it elsewhere with tonTexts.notConfigured).
  if (!methods || !ton) return null;
  return (
    <TonConnectUIProvider manifestUrl={`${window.location.origin}/tonconnect-manifest.json`}>
      <TonPay method={ton} />
    </TonConnectUIProvider>
  );
}

function TonPay({ method }: { method: PaymentMethodDto }) {
  const [tonConnectUI] = useTonConnectUI();
  const wallet = useTonWallet();
  const friendlyAddress = useTonAddress();
  const [usd, setUsd] = useState<number>(money.recommendedTopUpsUsd[0]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const rate = method.rate ?? 0;

  async function follow(transactionId: string, boc: string) {
    for (let i = 0; i < 180; i++) {
      const r = await api.money
        .tonConfirm({ transactionId, boc }, { quiet: true })
        .catch((e: ApiCallError) => ({ status: 'failed', transactionId, message: e.message }) as TonResult);
      if (r.status === 'succeeded') {
        haptic.success();
        setPhase({ kind: 'done' });
        toast(
          `+${Math.round(usd * money.diamondsPerUsd).toLocaleString('en-US')} Diamonds added to your wallet.`,
          'success',
          'Top-up complete',
        );
        setTimeout(() => void refreshQueries('/wallet/balance', '/transaction/me'), 1000);
        return;
      }
      if (r.status === 'failed') {
        haptic.error();
        return setPhase({ kind: 'failed', text: r.message ?? tonTexts.failedOnChain });
      }
      setPhase({ kind: 'busy', text: r.message && r.message !== tonTexts.notFound ? r.message : tonTexts.waiting });
      await sleep(2000);
    }
  }

  async function pay() {
    if (!wallet) {
      // The wallet Telegram embeds connects at once; elsewhere TON Connect lists the wallets.
      await tonConnectUI.openModal();
      return;
    }
    setPhase({ kind: 'busy', text: tonTexts.sending });
    let payment: TonResult;
    try {
      payment = await api.money.tonInit({ value: usd, purpose: 'topup' }, { idempotencyKey: newIdempotencyKey(), quiet: true });
    } catch (error) {
      return setPhase({ kind: 'failed', text: (error as Error).message });
    }
    if (!payment.ton) return setPhase({ kind: 'failed', text: tonTexts.failedOnChain });
    let boc: string;
    try {
      const sent = await tonConnectUI.sendTransaction({
        // Wallets refuse a request older than its deadline; a few minutes is what they expect.
        validUntil: Math.min(payment.ton.validUntil, Math.floor(Date.now() / 1000) + 300),
        messages: [{ address: payment.ton.address, amount: payment.ton.amount, payload: payment.ton.payload }],
      });
      boc = sent.boc;
    } catch {
      haptic.error();
      return setPhase({ kind: 'failed', text: tonTexts.rejected });
    }
    setPhase({ kind: 'busy', text: tonTexts.waiting });
    await follow(payment.transactionId, boc);
  }

  const busy = phase.kind === 'busy';
  return (
    <section className={styles.card} data-testid="ton-top-up">
      <h2 className={styles.cardTitle}>Top up with TON</h2>
      <div className={styles.row} role="radiogroup" aria-label="Amount">
        {money.recommendedTopUpsUsd.map((v) => (
          <Button
            key={v}
            size="sm"
            variant={v === usd ? 'primary' : 'secondary'}
            role="radio"
            aria-checked={v === usd}
            onClick={() => setUsd(v)}
            disabled={busy}
            data-testid={`ton-amount-${v}`}
          >
            ${v}
          </Button>
        ))}
      </div>
      <p className={styles.muted} data-testid="ton-quote">
        {Math.round(usd * money.diamondsPerUsd).toLocaleString('en-US')} Diamonds.{' '}
        {formatText(tonTexts.tonAmount, { ton: tonOf(usd, rate), rate: String(rate) })}
      </p>
      {wallet ? (
        <p className={styles.muted} data-testid="ton-wallet">
          Wallet connected: {shortAddress(friendlyAddress || wallet.account.address)}
        </p>
      ) : (
        <p className={styles.muted}>{tonTexts.connect}</p>
      )}
      <Button block busy={busy} onClick={() => void pay()} data-testid="ton-pay">
        {wallet ? `Pay ${tonOf(usd, rate)} TON` : 'Connect TON wallet'}
      </Button>
      {phase.kind === 'busy' ? (
        <p className={styles.muted} role="status" data-testid="ton-status">
          {phase.text}
        </p>
      ) : null}
      {phase.kind === 'failed' ? (
        <p className={styles.error} role="alert" data-testid="ton-status">
          {phase.text}
        </p>
      ) : null}
      {phase.kind === 'done' ? (
        <p className={styles.muted} role="status" data-testid="ton-status">
          Top-up credited.
        </p>
      ) : null}
    </section>
  );
}

const shortAddress = (a: string) => (a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);
