// The wallet-connection service's sign-in button (shown only with a project id), and the pairing
// QR code for a phone wallet while the session waits for its approval.
import { money } from '@murmur/contracts/constants';
import { useEffect, useState } from 'react';
import { Button } from '../components/Button.tsx';
import { loginWithBrowserWallet, type AuthState } from './signIn.ts';
import { connectWalletConnect } from './walletConnect.ts';
import styles from './LoginModal.module.css';

export function WalletConnectButton({
  projectId,
  busy,
  onClick,
}: {
  projectId: string;
  busy: boolean;
  onClick(connect: () => Promise<AuthState>): void;
}) {
  const [uri, setUri] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!uri) return setQr(null);
    let cancelled = false;
    void import('qrcode').then(async ({ default: QRCode }) => {
      const data = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
      if (!cancelled) setQr(data);
    });
    return () => {
      cancelled = true;
    };
  }, [uri]);

  const connect = async (): Promise<AuthState> => {
    setUri(null);
    const session = await connectWalletConnect(projectId, money.supportedChainIds[0], setUri);
    setUri(null);
    try {
      return await loginWithBrowserWallet(session.provider);
    } finally {
      // The session was for the sign-in only: the account is kept, the relay link is not.
      void session.close();
    }
  };

  return (
    <>
      <Button block size="lg" variant="secondary" busy={busy} onClick={() => onClick(connect)} data-testid="login-walletconnect">
        🔗 Continue with WalletConnect
      </Button>
      {busy && qr ? (
        <div className={styles.walletConnectQr} data-testid="walletconnect-qr">
          <img src={qr} alt="WalletConnect pairing code: scan it with your phone's wallet" width={180} height={180} />
          <small>Scan with your phone&apos;s wallet, then approve the sign-in there.</small>
        </div>
      ) : null}
    </>
  );
}
