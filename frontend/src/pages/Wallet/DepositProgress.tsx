// A sent crypto top-up on its way: confirmations counted until the server credits it. Shown in the
// top-up and on the wallet page, so closing the modal or reloading does not lose sight of it.
import { useEffect } from 'react';
import { chainName } from '../../wallet/evmWallet.ts';
import { confirmingText, trackPending, useCryptoTopUp } from '../../wallet/cryptoTopUp.ts';
import styles from './Wallet.module.css';

export function DepositProgress() {
  const { pending, confirmations, phase } = useCryptoTopUp();
  useEffect(() => {
    if (pending) void trackPending();
  }, [pending]);
  if (!pending) return null;
  const share = Math.min(1, confirmations / pending.needed);
  return (
    <div className={styles.progress} role="status" data-testid="deposit-progress">
      <strong>
        {pending.amount} {pending.symbol} sent on {chainName(pending.chainId)}
      </strong>
      <span data-testid="deposit-confirmations">
        {phase === 'submitting' ? 'Crediting your diamonds…' : confirmingText(confirmations, pending.needed)}
      </span>
      <span className={styles.progressBar}>
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
      <small className={styles.mono}>{pending.hash}</small>
    </div>
  );
}
