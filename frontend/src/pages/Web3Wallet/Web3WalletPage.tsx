// Web3 wallet (/web3-wallet): link an EVM or a Solana browser wallet by signing the server's
// message, then rename, update (re-sign with another account to replace the address) or remove the
// wallets listed for payouts and top-ups. A wallet on an unsupported network is offered a switch.
import type { BlockchainWalletItem } from '@murmur/contracts/wallet';
import { browserWalletTexts } from '@murmur/contracts/account-settings';
import { useState } from 'react';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { fieldStyles } from '../../components/Field.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import { money } from '@murmur/contracts/constants';
import { chainName, evmWallet, switchChain, walletErrorText, WrongNetwork } from '../../wallet/evmWallet.ts';
import { linkBrowserWallet, replaceWalletAddress, type WalletKind } from '../../wallet/linkWallet.ts';
import styles from './Web3Wallet.module.css';

const chainNames: Record<string, string> = { ethereum: 'EVM', solana: 'Solana' };

export default function Web3WalletPage() {
  const { data } = useQuery(api.money.blockchainWallets.path(), { dedupingInterval: 0 });
  const preferredChainId = usePreferredChain();
  const [busy, setBusy] = useState<WalletKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [switchTo, setSwitchTo] = useState<number | null>(null);
  const link = async (kind: WalletKind) => {
    setBusy(kind);
    setError(null);
    setSwitchTo(null);
    try {
      await linkBrowserWallet(kind, kind === 'evm' ? 'My EVM wallet' : 'My Solana wallet', { preferredChainId });
      toast(browserWalletTexts.linked, 'success');
    } catch (e) {
      setError(walletErrorText(e));
      if (e instanceof WrongNetwork) setSwitchTo(e.expected);
    } finally {
      setBusy(null);
    }
  };
  const switchNetwork = async () => {
    const wallet = evmWallet();
    if (!wallet || switchTo === null) return;
    try {
      await switchChain(wallet, switchTo);
      setSwitchTo(null);
      await link('evm');
    } catch (e) {
      setError(walletErrorText(e));
    }
  };
  return (
    <div className={styles.page} data-testid="web3-wallet-page">
      <PageHeader
        title="Web3 wallet"
        subtitle="Link the wallets you own by signing a message. They sign you in, pay out your charm and top up from your wallet."
      />
      <div className={styles.connect}>
        <button
          type="button"
          className={styles.connectCard}
          onClick={() => void link('evm')}
          disabled={busy !== null}
          data-testid="link-evm"
        >
          <strong>EVM wallet</strong>
          <small>Ethereum, Polygon, Berachain, Abstract…</small>
          <span>{busy === 'evm' ? 'Waiting for your wallet…' : 'Connect and sign'}</span>
        </button>
        <button
          type="button"
          className={styles.connectCard}
          onClick={() => void link('solana')}
          disabled={busy !== null}
          data-testid="link-solana"
        >
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
      {switchTo !== null ? (
        <div>
          <Button variant="secondary" onClick={() => void switchNetwork()} data-testid="switch-network">
            Switch to {chainName(switchTo)}
          </Button>
        </div>
      ) : null}
      <h2 className={styles.sectionTitle}>Your wallets</h2>
      {!data ? null : data.items.length === 0 ? (
        <EmptyState icon="🪙" title="No wallet linked yet">
          Connect a wallet above: your wallet asks you to sign a message, which costs nothing.
        </EmptyState>
      ) : (
        <div className={styles.list} data-testid="wallets">
          {data.items.map((w) => (
            <WalletRow key={w.walletId} wallet={w} preferredChainId={preferredChainId} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The network offered when a wallet is on an unsupported one: where top-ups are accepted. */
function usePreferredChain(): number {
  const { data } = useQuery(api.money.paymentMethods.path());
  return data?.items.find((m) => m.id === 'crypto')?.deposits?.find((d) => d.tokens.length > 0)?.chainId ?? money.supportedChainIds[0];
}

function WalletRow({ wallet, preferredChainId }: { wallet: BlockchainWalletItem; preferredChainId: number }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(wallet.name);
  const [busy, setBusy] = useState(false);
  const [updating, setUpdating] = useState(false);
  const [rowError, setRowError] = useState<string | null>(null);
  const update = async () => {
    setUpdating(true);
    setRowError(null);
    try {
      const address = await replaceWalletAddress(wallet, { preferredChainId });
      toast(
        address.toLowerCase() === wallet.address.toLowerCase()
          ? 'This wallet is already the account selected in your wallet. Switch accounts there to update it.'
          : 'Wallet updated.',
        'success',
      );
    } catch (e) {
      setRowError(walletErrorText(e));
    } finally {
      setUpdating(false);
    }
  };
  const change = async (path: 'rename' | 'remove') => {
    setBusy(true);
    try {
      if (path === 'rename') await api.money.renameBlockchainWallet({ walletId: wallet.walletId, name: name.trim() });
      else await api.money.removeBlockchainWallet({ walletId: wallet.walletId });
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
          <input
            className={fieldStyles.input}
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            aria-label="Wallet name"
            data-testid="wallet-name-input"
          />
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
          <Button
            size="sm"
            variant="secondary"
            busy={updating}
            onClick={() => void update()}
            data-testid="wallet-update"
            title="Sign with the account now selected in your wallet to replace this address"
          >
            Update
          </Button>
          <Button size="sm" variant="ghost" busy={busy} onClick={() => void change('remove')} data-testid="wallet-remove">
            Remove
          </Button>
        </>
      )}
      {rowError ? (
        <p className={styles.rowError} role="alert" data-testid="wallet-row-error">
          {rowError}
        </p>
      ) : null}
    </div>
  );
}
