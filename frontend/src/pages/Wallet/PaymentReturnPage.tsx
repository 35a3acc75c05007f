// Where the web payment's and the e-wallet's approval pages send the user back
// (/wallet/payment-return?method=&payment=&result=). The server reads the order back from the
// provider (the web payment is captured there), never taking this page's word for it. In the
// web payment's popup it says so and closes (the wallet behind it follows the payment); after the
// e-wallet's redirect it goes back to the wallet with the status modal (docs/decisions/payments.md).
import { hostedPaymentTexts } from '@murmur/contracts/top-up-texts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { checkHostedPayment, failureReason, showHostedDone, showHostedFailure, type HostedMethod } from '../../wallet/hostedPayment.ts';
import { useTopUp } from '../../wallet/topUpStore.ts';
import styles from './Wallet.module.css';

/** In the popup the wallet opened (same origin opener); a redirect in the tab has none. */
function openedByTheWallet(): boolean {
  try {
    return window.opener !== null && (window.opener as Window).location.origin === window.location.origin;
  } catch {
    return false;
  }
}

type Outcome = { kind: 'working' } | { kind: 'done' } | { kind: 'pending' } | { kind: 'failed'; message: string };

export default function PaymentReturnPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const method = search.get('method') === 'ewallet' ? 'ewallet' : ('webpay' as HostedMethod);
  const transactionId = search.get('payment') ?? '';
  const cancelled = search.get('result') === 'cancelled';
  const [inPopup] = useState(openedByTheWallet);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void (async () => {
      let next: Outcome;
      if (!transactionId) next = { kind: 'failed', message: hostedPaymentTexts.orderNotFound };
      else if (cancelled && method === 'webpay') next = { kind: 'failed', message: hostedPaymentTexts.notApproved };
      else {
        const result = await checkHostedPayment(method, transactionId).catch((e: Error) => ({ status: 'failed', message: e.message }));
        if (result.status === 'succeeded') next = { kind: 'done' };
        else if (result.status === 'failed')
          next = { kind: 'failed', message: 'message' in result && result.message ? result.message : await failureReason(transactionId) };
        else next = cancelled ? { kind: 'failed', message: hostedPaymentTexts.notApproved } : { kind: 'pending' };
      }
      setOutcome(next);
      if (inPopup) {
        // The wallet behind follows the payment; a cancelled or finished popup closes itself.
        if (next.kind !== 'pending') setTimeout(() => window.close(), next.kind === 'done' ? 1200 : 2500);
        return;
      }
      if (next.kind === 'done') showHostedDone(transactionId);
      else if (next.kind === 'failed') showHostedFailure(next.message);
      else
        useTopUp.getState().showStatus(
          {
            open: true,
            topupStatus: 'pending',
            title: 'Payment pending',
            statusMessage: 'Your payment is being confirmed. Your diamonds arrive as soon as it is.',
          },
          { transactionId, pending: true },
        );
      navigate('/wallet', { replace: true });
    })();
  }, [method, transactionId, cancelled, inPopup, navigate]);

  const text =
    outcome.kind === 'working'
      ? hostedPaymentTexts.capturing
      : outcome.kind === 'done'
        ? hostedPaymentTexts.returnDone
        : outcome.kind === 'pending'
          ? 'Your payment is being confirmed. Your diamonds arrive as soon as it is.'
          : outcome.message;
  return (
    <main className={styles.returnPage} data-testid="payment-return">
      <div className={styles.statusBox}>
        <span
          className={`${styles.statusIcon} ${styles[`statusIcon_${outcome.kind === 'done' ? 'success' : outcome.kind === 'failed' ? 'failed' : 'processing'}`]}`}
        >
          {outcome.kind === 'done' ? '✓' : outcome.kind === 'failed' ? '!' : '…'}
        </span>
        <p role="status" data-testid="payment-return-message">
          {text}
        </p>
        {inPopup && outcome.kind !== 'working' ? <Button onClick={() => window.close()}>Close this window</Button> : null}
      </div>
    </main>
  );
}
