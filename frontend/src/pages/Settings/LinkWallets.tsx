// Settings: a "link" button for each browser-wallet kind the account has not linked yet.
// The wallet signs the server's connect message (wallet/create-sign-message, then
// wallet/sign-message), which adds it as a way to sign in; it is also listed on /web3-wallet.
// A closed prompt says nothing (docs/decisions/identity.md); other failures show their text.
import type { AccountSettingsDto } from '@murmur/contracts/account-settings';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../state/ui.ts';
import { evmWallet } from '../../wallet/evmWallet.ts';
import { linkBrowserWallet, WalletRejected, type WalletKind } from '../../wallet/linkWallet.ts';
import styles from './Settings.module.css';

const kinds: Array<{ kind: WalletKind; credential: 'wallet-evm' | 'wallet-solana'; label: string; name: string; present(): boolean }> = [
  { kind: 'evm', credential: 'wallet-evm', label: 'Link an EVM wallet', name: 'My EVM wallet', present: () => evmWallet() !== null },
  {
    kind: 'solana',
    credential: 'wallet-solana',
    label: 'Link a Solana wallet',
    name: 'My Solana wallet',
    present: () => Boolean((globalThis as { solana?: unknown }).solana),
  },
];

export function LinkWallets({ settings, onChange }: { settings: AccountSettingsDto | undefined; onChange(): void }) {
  const [busy, setBusy] = useState<WalletKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!settings) return null;
  const missing = kinds.filter((k) => !settings.credentials.some((c) => c.kind === k.credential));
  const link = async (k: (typeof kinds)[number]) => {
    setBusy(k.kind);
    setError(null);
    try {
      await linkBrowserWallet(k.kind, k.name);
      toast(`${k.name} linked.`, 'success');
      onChange();
    } catch (e) {
      if (!(e instanceof WalletRejected)) setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {error ? (
        <p className={styles.error} role="alert" data-testid="link-wallet-error">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        {missing.map((k) => (
          <Button
            key={k.kind}
            variant="secondary"
            size="sm"
            busy={busy === k.kind}
            disabled={busy !== null || !k.present()}
            title={k.present() ? undefined : 'No browser wallet of this kind was found'}
            onClick={() => void link(k)}
            data-testid={`link-wallet-${k.kind}`}
          >
            {k.label}
          </Button>
        ))}
        <Link to="/web3-wallet">
          <Button variant="ghost" size="sm" tabIndex={-1}>
            Manage wallets
          </Button>
        </Link>
      </div>
    </>
  );
}
