// The crypto wallet tab of the top-up: pay from the browser wallet (the ERC-20 transfer to the
// deposit address, then confirmations until credited), or send from any wallet (a phone's: the
// address and QR code shown) and enter the transaction hash.
import type { CryptoDepositDto } from '@murmur/contracts/deposits';
import { money } from '@murmur/contracts/constants';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { FieldFrame, TextField, fieldStyles } from '../../components/Field.tsx';
import { topUpAmountError, txHashError } from '../../forms/validation.ts';
import { useQuery } from '../../state/query.ts';
import { payFromWallet, switchAndPay, useCryptoTopUp } from '../../wallet/cryptoTopUp.ts';
import { chainName } from '../../wallet/evmWallet.ts';
import { payCrypto } from '../../wallet/pay.ts';
import { DemoNotice, DepositAddress } from './DepositAddress.tsx';
import { useTopUp } from '../../wallet/topUpStore.ts';
import { DepositProgress } from './DepositProgress.tsx';
import styles from './Wallet.module.css';

type Token = 'USDT' | 'USDC';

export function CryptoTab() {
  const { data: methods } = useQuery<'GET /payment/methods'>('/payment/methods');
  const deposits = methods?.items.find((m) => m.id === 'crypto')?.deposits ?? [];
  // The network offered first is one where a token is accepted (the configured chain).
  const configured = deposits.find((d) => d.tokens.length > 0)?.chainId ?? money.supportedChainIds[0];
  const [picked, setChainId] = useState<number | null>(null);
  const chainId = picked ?? configured;
  const [token, setToken] = useState<Token>('USDT');
  const [amount, setAmount] = useState('10');
  const [amountError, setAmountError] = useState<string | null>(null);
  const deposit = deposits.find((d) => d.chainId === chainId);
  const tokenInfo = deposit?.tokens.find((t) => t.symbol === token);
  const setTab = useTopUp((s) => s.setTab);
  const sandbox = methods?.items.some((m) => m.id === 'sandbox') ?? false;

  return (
    <div>
      {deposit?.demo ? <DemoNotice deposit={deposit} chainName={chainName(chainId)} onUseCard={sandbox ? () => setTab('card') : undefined} /> : null}
      <div className={styles.twoCols}>
        <FieldFrame id="crypto-chain" label="Network">
          <select id="crypto-chain" className={fieldStyles.input} value={chainId} onChange={(e) => setChainId(Number(e.target.value))}>
            {money.supportedChainIds.map((id) => (
              <option key={id} value={id}>
                {chainName(id)}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame id="crypto-token" label="Token">
          <select id="crypto-token" className={fieldStyles.input} value={token} onChange={(e) => setToken(e.target.value as Token)}>
            <option>USDT</option>
            <option>USDC</option>
          </select>
        </FieldFrame>
      </div>
      <TextField id="crypto-amount" label={`Amount (${token})`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={amountError} />
      <p className={styles.summary}>
        You get <strong>{Number.isFinite(Number(amount)) ? Math.floor(Number(amount) * money.diamondsPerUsd).toLocaleString() : 0}</strong> diamonds (1 {token} = {money.diamondsPerUsd} diamonds).
      </p>
      <DepositProgress />
      {deposit && tokenInfo ? (
        <WalletPay
          chainId={chainId}
          deposit={deposit}
          token={tokenInfo}
          amount={amount}
          onInvalid={setAmountError}
        />
      ) : (
        <p className={styles.sandboxNote} data-testid="crypto-unavailable">
          {token} on {chainName(chainId)} cannot be paid from a browser wallet here. Choose another network or token.
        </p>
      )}
      <h3 className={styles.orTitle}>Or send from any wallet</h3>
      <ManualHash chainId={chainId} token={token} amount={amount} deposit={deposit} onInvalid={setAmountError} />
    </div>
  );
}

function WalletPay({ chainId, deposit, token, amount, onInvalid }: {
  chainId: number; deposit: CryptoDepositDto; token: CryptoDepositDto['tokens'][number]; amount: string; onInvalid(error: string | null): void;
}) {
  const { phase, error, switchTo, pending } = useCryptoTopUp();
  const { data: listed } = useQuery<'GET /wallet/blockchain'>('/wallet/blockchain');
  const evmWallets = (listed?.items ?? []).filter((w) => w.chain === 'ethereum');
  const [from, setFrom] = useState<string | null>(null);
  const fromAddress = evmWallets.length === 0 ? null : (from ?? evmWallets[0]!.address);

  const pay = (e: FormEvent) => {
    e.preventDefault();
    const invalid = topUpAmountError(amount);
    onInvalid(invalid);
    if (invalid) return;
    void payFromWallet({ chainId, token, depositAddress: deposit.address, amount: amount.trim(), fromAddress, confirmationsNeeded: deposit.confirmations });
  };

  return (
    <form onSubmit={pay} noValidate data-testid="wallet-pay">
      {evmWallets.length > 0 ? (
        <FieldFrame id="crypto-from" label="Pay from">
          <select id="crypto-from" className={fieldStyles.input} value={fromAddress ?? ''} onChange={(e) => setFrom(e.target.value)}>
            {evmWallets.map((w) => (
              <option key={w.walletId} value={w.address}>
                {w.name} · {w.address.slice(0, 6)}…{w.address.slice(-4)}
              </option>
            ))}
          </select>
        </FieldFrame>
      ) : (
        <p className={styles.sandboxNote}>Your wallet first asks you to sign a message that links it to your account (free), then to approve the transfer.</p>
      )}
      {error ? (
        <p className={styles.payError} role="alert" data-testid="crypto-wallet-error">
          {error}
        </p>
      ) : null}
      {switchTo ? (
        <Button block variant="secondary" type="button" onClick={() => void switchAndPay()} data-testid="switch-network">
          Switch to {chainName(switchTo)}
        </Button>
      ) : null}
      <Button block type="submit" busy={phase === 'wallet'} disabled={phase !== 'idle' || pending !== null} data-testid="crypto-wallet-pay">
        {phase === 'wallet' ? 'Confirm in your wallet…' : `Pay ${amount || 0} ${token.symbol} with browser wallet`}
      </Button>
    </form>
  );
}

function ManualHash({ chainId, token, amount, deposit, onInvalid }: {
  chainId: number; token: Token; amount: string; deposit: CryptoDepositDto | undefined; onInvalid(error: string | null): void;
}) {
  const [address, setAddress] = useState('');
  const [hash, setHash] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      amount: topUpAmountError(amount),
      address: address.trim() ? (/^0x[0-9a-fA-F]{40}$/.test(address.trim()) ? null : 'Enter a valid wallet address.') : 'Wallet address is required.',
      hash: txHashError(hash),
    };
    setErrors(found);
    onInvalid(found.amount);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await payCrypto({ chainId, fromCurrency: token, fromAmount: Number(amount), address: address.trim(), transactionHash: hash.trim() });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <DepositAddress deposit={deposit} token={token} chainName={chainName(chainId)} />
      <TextField id="crypto-address" label="Your wallet address" placeholder="0x…" value={address} onChange={(e) => setAddress(e.target.value)} error={errors.address} />
      <TextField id="crypto-hash" label="Transaction hash" placeholder="0x…" value={hash} onChange={(e) => setHash(e.target.value)} error={errors.hash} />
      <Button block type="submit" busy={busy} data-testid="crypto-submit">
        Submit transaction
      </Button>
    </form>
  );
}
