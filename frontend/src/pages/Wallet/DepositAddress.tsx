// The platform's deposit address for the chosen network and token: the address to copy, its QR
// code for a phone wallet, and the token contract accepted on that chain.
import { nativeToken, type CryptoDepositDto, type DepositCurrency } from '@murmur/contracts/deposits';
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../state/ui.ts';
import styles from './DepositAddress.module.css';

/** In the demo, said before anything else: the address is a stand-in, and where a top-up can be tried. */
export function DemoNotice({ deposit, chainName, onUseCard }: { deposit: CryptoDepositDto; chainName: string; onUseCard?(): void }) {
  const chainConnected = deposit.tokens.length > 0;
  return (
    <div className={styles.demo} role="note" data-testid="deposit-demo-notice">
      <strong>Demo mode: no real money here.</strong>{' '}
      {chainConnected
        ? `The deposit address below is on the local demo chain, not on the real ${chainName}. Never send real funds to it.${deposit.demoWallet ? ' To try a top-up, pay from the demo wallet: it holds test funds on the demo chain.' : ''}`
        : `The deposit address below is the demo's stand-in: no ${chainName} or other real network is connected to the demo, so nothing sent to it is ever credited. Never send real funds to it.`}{' '}
      {onUseCard && !deposit.demoWallet ? (
        <>
          To try a top-up, use the{' '}
          <button type="button" className={styles.demoLink} onClick={onUseCard} data-testid="deposit-demo-use-card">
            sandbox card
          </button>
          .
        </>
      ) : null}
    </div>
  );
}

export function DepositAddress({
  deposit,
  token,
  chainName,
}: {
  deposit: CryptoDepositDto | undefined;
  token: DepositCurrency;
  chainName: string;
}) {
  const [qr, setQr] = useState<string | null>(null);
  const address = deposit?.address ?? null;

  useEffect(() => {
    if (!address) return;
    let cancelled = false;
    void import('qrcode').then(async ({ default: QRCode }) => {
      const data = await QRCode.toDataURL(address, { margin: 1, width: 180, color: { dark: '#1a1530', light: '#ffffff' } });
      if (!cancelled) setQr(data);
    });
    return () => {
      cancelled = true;
    };
  }, [address]);

  if (!deposit || !address) {
    return <p className={styles.unavailable}>Crypto top-ups are not available on this network right now.</p>;
  }
  const accepted = deposit.tokens.find((t) => t.symbol === token)?.contract;
  // The chain's own coin has no contract to show.
  const contract = accepted === nativeToken ? undefined : accepted;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast('Address copied', 'success');
    } catch {
      toast('Copy the address from the box.', 'info');
    }
  };
  return (
    <div className={styles.deposit} data-testid="deposit-address">
      <div className={styles.qr}>
        {qr ? (
          <img src={qr} alt={`QR code of the ${chainName} deposit address`} width={140} height={140} data-testid="deposit-qr" />
        ) : (
          <span className={styles.qrLoading} />
        )}
      </div>
      <div className={styles.text}>
        <span className={styles.label}>
          Send {token} on {chainName} to {deposit.demo ? <span className={styles.demoTag}>demo address</span> : null}
        </span>
        <code className={styles.address} data-testid="deposit-address-value">
          {address}
        </code>
        <Button size="sm" variant="secondary" onClick={() => void copy()} data-testid="copy-deposit-address">
          Copy address
        </Button>
        {contract ? (
          <small className={styles.contract}>
            {token} {deposit.kind === 'solana' ? 'mint' : 'contract'}: <code>{contract}</code>
          </small>
        ) : null}
        <small className={styles.warning}>
          Only {token} on {chainName}. Other tokens or networks sent here are lost.
        </small>
      </div>
    </div>
  );
}
