// Web3 wallet (/web3-wallet): link an EVM or a Solana browser wallet by signing the server's
// message, then rename or remove the wallets listed for payouts and top-ups.
import type { BlockchainWalletItem } from '@murmur/contracts/wallet';
import { browserWalletTexts } from '@murmur/contracts/account-settings';
import { useState } from 'react';
import { api, ApiCallError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { fieldStyles } from '../../components/Field.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import { linkBrowserWallet, WalletRejected, type WalletKind } from '../../wallet/linkWallet.ts';
import styles from './Web3Wallet.module.css';

const chainNames: Record<string, string> = { ethereum: 'EVM', solana: 'Solana' };

export default function Web3WalletPage() {
  const { data } = useQuery<{ items: BlockchainWalletItem[] }>('/wallet/blockchain', { dedupingInterval: 0 });
  const [busy, setBusy] = useState<WalletKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const link = async (kind: WalletKind) => {
    setBusy(kind);
    setError(null);
    try {
      await linkBrowserWallet(kind, kind === 'evm' ? 'My EVM wallet' : 'My Solana wallet');
      toast(browserWalletTexts.linked, 'success');
    } catch (e) {
      if (!(e instanceof WalletRejected)) setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={styles.page} data-testid="web3-wallet-page">
      <PageHeader title="Web3 wallet" subtitle="Link the wallets you own by signing a message. They sign you in, pay out your charm and top up from your wallet." />
      <div className={styles.connect}>
        <button type="button" className={styles.connectCard} onClick={() => void link('evm')} disabled={busy !== null} data-testid="link-evm">
          <strong>EVM wallet</strong>
          <small>Ethereum, Polygon, Berachain, Abstract…</small>
          <span>{busy === 'evm' ? 'Waiting for your wallet…' : 'Connect and sign'}</span>
        </button>
        <button type="button" className={styles.connectCard} onClick={() => void link('solana')} disabled={busy !== null} data-testid="link-solana">
          <strong>Solana wallet</strong>
          <small>Phantom, Solflare and other Solana wallets</small>
          <span>{busy === 'solana' ? 'Waiting for your wallet…' : 'Connect and sign'}</span>
        </button>
      </div>
      {error ? (
        <p className={styles.error} role="alert" data-testid="wallet-link-error">
          {error}
        </p>
      ) : null}
      <h2 className={styles.sectionTitle}>Your wallets</h2>
      {!data ? null : data.items.length === 0 ? (
        <EmptyState icon="🪙" title="No wallet linked yet">
          Connect a wallet above: your wallet asks you to sign a message, which costs nothing.
        </EmptyState>
      ) : (
        <div className={styles.list} data-testid="wallets">
          {data.items.map((w) => (
            <WalletRow key={w.walletId} wallet={w} />
          ))}
        </div>
      )}
    </div>
  );
}

function WalletRow({ wallet }: { wallet: BlockchainWalletItem }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(wallet.name);
  const [busy, setBusy] = useState(false);
  const change = async (path: 'rename' | 'remove') => {
    setBusy(true);
    try {
      await api.post(`/wallet/blockchain/${path}`, path === 'rename' ? { walletId: wallet.walletId, name: name.trim() } : { walletId: wallet.walletId });
      await refreshQueries('/wallet/blockchain');
      setEditing(false);
    } catch (e) {
      if (!(e instanceof ApiCallError)) throw e;
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.row} data-testid="wallet">
      <span className={styles.chain}>{chainNames[wallet.chain] ?? wallet.chain}</span>
      <span className={styles.name}>
        {editing ? (
          <input className={fieldStyles.input} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} aria-label="Wallet name" data-testid="wallet-name-input" />
        ) : (
          <strong data-testid="wallet-name">{wallet.name}</strong>
        )}
        <small className={styles.address}>{wallet.address}</small>
      </span>
      {editing ? (
        <>
          <Button size="sm" busy={busy} disabled={!name.trim()} onClick={() => void change('rename')} data-testid="wallet-save">
            Save
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </>
      ) : (
        <>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)} data-testid="wallet-rename">
            Rename
          </Button>
          <Button size="sm" variant="ghost" busy={busy} onClick={() => void change('remove')} data-testid="wallet-remove">
            Remove
          </Button>
        </>
      )}
    </div>
  );
}
