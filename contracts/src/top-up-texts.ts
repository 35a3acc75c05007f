// Spec section 8's texts for paying from a browser wallet and by card, and the few words of our
// own where the spec names a case without a text (wrong network, card not configured).

export const walletTopUpTexts = {
  /** 'ERC20: transfer amount exceeds balance' or an RPC failure on the token. */
  insufficientBalance: 'You may have insufficient balance.',
  /** An unexpected wallet error, or no token account (spec section 8). */
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
