// Spec section 8's texts for paying from a browser wallet and by card, and the few words of our
// own where the spec names a case without a text (wrong network, card not configured).

export const walletTopUpTexts = {
  /** 'ERC20: transfer amount exceeds balance' or an RPC failure on the token. */
  insufficientBalance: 'You may have insufficient balance.',
  /** An unexpected wallet error, or no token account (docs/decisions/payments.md). */
  checkFunds: 'Please check if your account has sufficient funds.',
  /** The token contract does not exist for the wallet on this network. */
  tokenNotFound: 'Token not found in your wallet. Please import token and try again.',
  /** Wallet error code -13. */
  insufficientGas: 'Transaction failed due to insufficient gas. Please ensure that your wallet has enough funds to cover transaction fees.',
  /** The wallet is on another chain than the one the transfer must go over (we offer to switch). */
  wrongNetwork: 'Your wallet is on another network. Switch it to {network} to continue.',
  /** The transfer was mined but reverted. */
  transferFailed: 'The transfer failed on the chain. Nothing was sent.',
  confirming: 'Waiting for confirmations: {count} of {needed}',
  credited: 'Top-up credited: {diamonds} diamonds.',
} as const;

/** Spec section 8 "Card provider": not loaded, card element not found, client secret not found, unexpected payment intent status. */
export const cardTexts = {
  failedTitle: 'Payment Failed',
  notLoaded: 'The card form could not be loaded. Please try again later.',
  elementNotFound: 'The card form is not ready yet. Please wait a moment and try again.',
  clientSecretNotFound: 'This payment could not be started. Please try again.',
  unexpectedStatus: 'Unexpected payment status: {status}.',
  notConfigured: 'Card payments are not configured on this server.',
  /** Beside notConfigured in the demo. */
  sandboxInstead: 'The sandbox card below lets you try a top-up without real money.',
  processing: 'Payment received. Your diamonds arrive as soon as the card provider confirms it.',
} as const;

/** The hosted checkouts (a web-payment order, a GCash or Maya charge): the spec's states with
 * words of our own where the spec names a case without a text. */
export const hostedPaymentTexts = {
  webpayNotConfigured: 'Web payments are not available here.',
  ewalletNotConfigured: 'E-wallet payments are not available here.',
  /** The popup was blocked: the same page opens in this tab instead. */
  popupBlocked: 'Your browser blocked the payment window. Continue in this tab instead.',
  waitingForApproval: 'Approve the payment in the window that opened. Your diamonds arrive as soon as the provider confirms it.',
  notApproved: 'The payment was not approved. Nothing was charged.',
  expired: 'This payment expired before it was completed. Nothing was charged.',
  declined: 'The payment was declined. Nothing was charged.',
  capturing: 'Completing your payment…',
  returnDone: 'Payment complete. You can close this window.',
  returnFailed: 'This payment could not be completed. Nothing was charged.',
  orderNotFound: 'This payment was not found.',
  wrongAmount: 'The amount paid is not the amount of this payment.',
  phpAmount: 'You pay ₱{php} (1 USD = ₱{rate}, fixed for this payment).',
} as const;

/** TON in the mini-app (TON Connect): words of our own, the spec names the currency only. */
export const tonTexts = {
  notConfigured: 'TON payments are not available here.',
  connect: 'Connect a TON wallet to pay.',
  sending: 'Confirm the transfer in your wallet…',
  waiting: 'Transfer sent. Waiting for the TON network to confirm it…',
  notFound: 'The transfer has not reached the TON network yet. Please wait a moment.',
  confirming: 'Transfer found: {count} of {needed} confirmations.',
  wrongAmount: 'This transfer is not the amount of the payment ({amount} TON).',
  failedOnChain: 'The transfer failed on the TON network. Nothing was sent.',
  rejected: 'The transfer was cancelled in the wallet. Nothing was sent.',
  tonAmount: 'You pay {ton} TON (1 USD = {rate} TON, fixed for this payment).',
} as const;
