// The hosted checkouts in the browser: the web payment opens the provider's approval page in a
// popup (a blank one opened on the click, so no blocker stops it; in this tab when one does), the
// e-wallet sends the user to GCash or Maya in this tab. Either way the provider returns to
// /wallet/payment-return, where the server reads the order back (and captures it); the credit never
// comes from the browser's word. While the popup is open the wallet follows the payment's status.
import type { ApiBody } from '@murmur/contracts/api-catalogue';
import { hostedPaymentTexts } from '@murmur/contracts/top-up-texts';
import type { PaymentResultDto } from '@murmur/contracts/wallet';
import { ApiCallError, newIdempotencyKey } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { refreshQueries } from '../state/query.ts';
import { paymentFailedTitle, paymentOutcome, statusModalFor } from './paymentResult.ts';
import { useTopUp } from './topUpStore.ts';

export type HostedMethod = 'webpay' | 'ewallet';
/** A hosted payment to start: the method with its own route's body. */
export type HostedStart =
  { method: 'webpay'; body: ApiBody<'POST /payment/webpay/init'> } | { method: 'ewallet'; body: ApiBody<'POST /payment/ewallet/init'> };

export type HostedResult = PaymentResultDto;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function showHostedFailure(message: string): void {
  useTopUp.getState().showStatus({ open: true, topupStatus: 'failed', title: paymentFailedTitle, statusMessage: message });
}

/** Spec section 4's done: the success modal, the top-up closed, balance and history refreshed after 1 s. */
export function showHostedDone(transactionId: string): void {
  const outcome = paymentOutcome({ status: 'succeeded', transactionId });
  useTopUp.getState().showStatus(statusModalFor(outcome), { transactionId });
  useTopUp.getState().close();
  if (outcome.kind === 'done')
    setTimeout(() => void refreshQueries('/wallet/balance', '/transaction/me', '/payment/currencies/recommended'), outcome.refreshAfterMs);
}

/** Asks the server to read the order back (the web payment captures it when approved). */
export function checkHostedPayment(method: HostedMethod, transactionId: string): Promise<HostedResult> {
  return method === 'webpay'
    ? api.money.webpayCapture({ transactionId }, { quiet: true })
    : api.money.ewalletCheck({ transactionId }, { quiet: true });
}

/** Why a failed payment failed, as the server recorded it (an expiry, a decline). */
export async function failureReason(transactionId: string): Promise<string> {
  const status = await api.money.paymentStatus({ paymentId: transactionId }, { quiet: true }).catch(() => null);
  return status?.statusMessage ?? hostedPaymentTexts.returnFailed;
}

async function init(start: HostedStart): Promise<HostedResult> {
  const options = { idempotencyKey: newIdempotencyKey(), quiet: true };
  return start.method === 'webpay' ? api.money.webpayInit(start.body, options) : api.money.ewalletInit(start.body, options);
}

/**
 * Follows a payment whose approval page is open in a popup: done when the server has it completed,
 * failed with its reason; when the popup closes unpaid, the server is asked once, and a payment
 * still waiting was not approved.
 */
async function followPopup(
  method: HostedMethod,
  transactionId: string,
  popup: Window,
  { pollMs = 1000, attempts = 600 } = {},
): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (!useTopUp.getState().webPaymentOpen) return; // the user closed the status and moved on
    const status = await api.money.paymentStatus({ paymentId: transactionId }, { quiet: true }).catch(() => null);
    if (status?.status === 'completed') return finishPopup(() => showHostedDone(transactionId));
    if (status?.status === 'failed') return finishPopup(() => showHostedFailure(status.statusMessage ?? hostedPaymentTexts.returnFailed));
    if (popup.closed) {
      const checked = await checkHostedPayment(method, transactionId).catch(() => null);
      if (checked?.status === 'succeeded') return finishPopup(() => showHostedDone(transactionId));
      if (checked?.status === 'failed') return finishPopup(async () => showHostedFailure(await failureReason(transactionId)));
      return finishPopup(() => showHostedFailure(hostedPaymentTexts.notApproved));
    }
    await sleep(pollMs);
  }
}

async function finishPopup(show: () => void | Promise<void>): Promise<void> {
  useTopUp.getState().setWebPayment({ open: false });
  await show();
}

/**
 * Starts a hosted payment from the user's click. The web payment's popup is opened before the first
 * await (browsers allow popups only in the click itself) and pointed at the approval page once the
 * order exists.
 */
export async function startHostedPayment(start: HostedStart): Promise<void> {
  const { method } = start;
  const popup = method === 'webpay' ? window.open('', 'murmur-web-payment', 'popup,width=480,height=720') : null;
  let result: HostedResult;
  try {
    result = await init(start);
  } catch (error) {
    popup?.close();
    const e = error as ApiCallError;
    if (e.status >= 500) return;
    return showHostedFailure(e.message);
  }
  if (!result.approvalUrl || !result.transactionId) {
    popup?.close();
    return showHostedFailure(result.status === 'failed' ? hostedPaymentTexts.returnFailed : hostedPaymentTexts.orderNotFound);
  }
  useTopUp.getState().setWebPayment({ open: true, orderId: result.referenceId ?? null, transactionId: result.transactionId });
  if (method === 'ewallet') {
    // GCash and Maya authorise on their own page; they send the user back to /wallet/payment-return.
    window.location.assign(result.approvalUrl);
    return;
  }
  if (!popup || popup.closed) {
    useTopUp
      .getState()
      .showStatus(
        { open: true, topupStatus: 'pending', title: 'Continue to pay', statusMessage: hostedPaymentTexts.popupBlocked },
        { transactionId: result.transactionId, pending: true },
      );
    await sleep(1500);
    window.location.assign(result.approvalUrl);
    return;
  }
  popup.location.href = result.approvalUrl;
  useTopUp
    .getState()
    .showStatus(
      { open: true, topupStatus: 'processing', title: 'Approve your payment', statusMessage: hostedPaymentTexts.waitingForApproval },
      { transactionId: result.transactionId, referenceId: result.referenceId ?? null, pending: true },
    );
  await followPopup(method, result.transactionId, popup);
}
