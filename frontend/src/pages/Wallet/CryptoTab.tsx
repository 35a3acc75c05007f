// The crypto wallet tab of the top-up: pay from the browser wallet (the ERC-20 transfer or the
// ether to the deposit address, then confirmations until credited), or send from any wallet (a
// phone's, a Solana wallet's: the address and QR code shown) and enter the transaction hash or
// signature. Stablecoins credit at par; ETH, SOL and HONEY at the platform's rate (shown).
import { money } from '@murmur/contracts/constants';
import { chainKindOf, solanaAddressPattern, stablecoins, type CryptoDepositDto, type DepositCurrency } from '@murmur/contracts/deposits';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { FieldFrame, TextField, fieldStyles } from '../../components/Field.tsx';
import { topUpAmountError, txHashError } from '../../forms/validation.ts';
import { useQuery } from '../../state/query.ts';
import { payFromWallet, switchAndPay, useCryptoTopUp } from '../../wallet/cryptoTopUp.ts';
import { chainName } from '../../wallet/evmWallet.ts';
import { payCrypto } from '../../wallet/pay.ts';
import { payFromDemoWallet } from '../../wallet/demoWallet.ts';
import { ApiCallError } from '../../api/client.ts';
import { DemoNotice, DepositAddress } from './DepositAddress.tsx';
import { useTopUp } from '../../wallet/topUpStore.ts';
import { DepositProgress } from './DepositProgress.tsx';
import styles from './Wallet.module.css';
import { api } from '../../api/api.generated.ts';

type Token = DepositCurrency;

/** What a network is expected to take when nothing is configured on it yet. */
const usualTokens: Record<'evm' | 'solana', Token[]> = { evm: ['USDT', 'USDC', 'ETH'], solana: ['SOL', 'HONEY'] };

/** The network's name, and plainly so when it is the demo's local chain. */
const networkLabel = (chainId: number, deposit: CryptoDepositDto | undefined) =>
  deposit?.demo && deposit.tokens.length > 0 ? `${chainName(chainId)} (demo chain)` : chainName(chainId);

export function CryptoTab() {
  const { data: methods } = useQuery(api.money.paymentMethods.path());
  const deposits = methods?.items.find((m) => m.id === 'crypto')?.deposits ?? [];
  // The network offered first is one where a token is accepted (the configured chain).
  const configured = deposits.find((d) => d.tokens.length > 0)?.chainId ?? money.supportedChainIds[0];
  const [picked, setChainId] = useState<number | null>(null);
  const chainId = picked ?? configured;
  const kind = chainKindOf(chainId) ?? 'evm';
  const deposit = deposits.find((d) => d.chainId === chainId);
  const offered: Token[] = deposit && deposit.tokens.length > 0 ? deposit.tokens.map((t) => t.symbol) : usualTokens[kind];
  const [chosen, setToken] = useState<Token>('USDT');
  const token = offered.includes(chosen) ? chosen : offered[0]!;
  const [amount, setAmount] = useState('10');
  const [amountError, setAmountError] = useState<string | null>(null);
  const tokenInfo = deposit?.tokens.find((t) => t.symbol === token);
  const setTab = useTopUp((s) => s.setTab);
  const sandbox = methods?.items.some((m) => m.id === 'sandbox') ?? false;
  const stable = stablecoins.includes(token);
  const { data: conversion } = useQuery(stable ? null : api.money.conversion.path({ from: token, to: 'USD', amount: 1 }), { quiet: true });
  const usdPerUnit = stable ? 1 : (conversion?.value ?? null);
  const usd = Number.isFinite(Number(amount)) && usdPerUnit !== null ? Number(amount) * usdPerUnit : null;
  // The bounds are in USD: a coin's amount is checked at its rate.
  const amountProblem = () => (usd === null ? topUpAmountError('') : topUpAmountError(String(usd)));
  const networks = [...money.supportedChainIds, ...deposits.filter((d) => d.kind === 'solana').map((d) => d.chainId)];

  return (
    <div>
      {deposit?.demo ? (
        <DemoNotice deposit={deposit} chainName={chainName(chainId)} onUseCard={sandbox ? () => setTab('card') : undefined} />
      ) : null}
      <div className={styles.twoCols}>
        <FieldFrame id="crypto-chain" label="Network">
          <select id="crypto-chain" className={fieldStyles.input} value={chainId} onChange={(e) => setChainId(Number(e.target.value))}>
            {networks.map((id) => (
              <option key={id} value={id}>
                {networkLabel(
                  id,
                  deposits.find((d) => d.chainId === id),
                )}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame id="crypto-token" label="Token">
          <select id="crypto-token" className={fieldStyles.input} value={token} onChange={(e) => setToken(e.target.value as Token)}>
            {offered.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </FieldFrame>
      </div>
      <TextField
        id="crypto-amount"
        label={`Amount (${token})`}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={amountError}
      />
      <p className={styles.summary} data-testid="crypto-summary">
        You get <strong>{usd !== null ? Math.floor(usd * money.diamondsPerUsd).toLocaleString() : 0}</strong> diamonds (1 {token} ={' '}
        {usdPerUnit !== null ? `${(usdPerUnit * money.diamondsPerUsd).toLocaleString()} diamonds` : '…'}
        {stable ? '' : ', at the rate when your transfer is credited'}).
      </p>
      <DepositProgress />
      {deposit?.demoWallet && tokenInfo ? (
        <DemoWalletPay chainId={chainId} token={token} amount={amount} amountProblem={amountProblem} onInvalid={setAmountError} />
      ) : null}
      {kind === 'evm' && deposit && tokenInfo ? (
        <WalletPay
          chainId={chainId}
          deposit={deposit}
          token={tokenInfo}
          amount={amount}
          amountProblem={amountProblem}
          onInvalid={setAmountError}
        />
      ) : (
        <p className={styles.sandboxNote} data-testid="crypto-unavailable">
          {kind === 'solana' && deposit && tokenInfo
            ? `Pay ${token} from your Solana wallet app: send it to the address below, then enter the transaction signature.`
            : `${token} on ${chainName(chainId)} cannot be paid from a browser wallet here. Choose another network or token.`}
        </p>
      )}
      <h3 className={styles.orTitle}>Or send from any wallet</h3>
      <ManualHash
        chainId={chainId}
        kind={kind}
        token={token}
        amount={amount}
        deposit={deposit}
        amountProblem={amountProblem}
        onInvalid={setAmountError}
      />
    </div>
  );
}

/** The demo's funded wallet pays; the top-up is then submitted and credited as any other. */
function DemoWalletPay({
  chainId,
  token,
  amount,
  amountProblem,
  onInvalid,
}: {
  chainId: number;
  token: Token;
  amount: string;
  amountProblem(): string | null;
  onInvalid(error: string | null): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async () => {
    const invalid = amountProblem();
    onInvalid(invalid);
    if (invalid) return;
    setBusy(true);
    setError(null);
    try {
      await payFromDemoWallet(chainId, token, amount.trim());
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : 'The demo wallet could not pay. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.demoWallet} data-testid="demo-wallet">
      {error ? (
        <p className={styles.payError} role="alert" data-testid="demo-wallet-error">
          {error}
        </p>
      ) : null}
      <Button block type="button" busy={busy} disabled={busy} onClick={() => void pay()} data-testid="demo-wallet-pay">
        Pay {amount || 0} {token} from the demo wallet
      </Button>
    </div>
  );
}

function WalletPay({
  chainId,
  deposit,
  token,
  amount,
  amountProblem,
  onInvalid,
}: {
  chainId: number;
  deposit: CryptoDepositDto;
  token: CryptoDepositDto['tokens'][number];
  amount: string;
  amountProblem(): string | null;
  onInvalid(error: string | null): void;
}) {
  const { phase, error, switchTo, pending } = useCryptoTopUp();
  const { data: listed } = useQuery(api.money.blockchainWallets.path());
  const evmWallets = (listed?.items ?? []).filter((w) => w.chain === 'ethereum');
  const [from, setFrom] = useState<string | null>(null);
  const fromAddress = evmWallets.length === 0 ? null : (from ?? evmWallets[0]!.address);

  const pay = (e: FormEvent) => {
    e.preventDefault();
    const invalid = amountProblem();
    onInvalid(invalid);
    if (invalid) return;
    void payFromWallet({
      chainId,
      token,
      depositAddress: deposit.address,
      amount: amount.trim(),
      fromAddress,
      confirmationsNeeded: deposit.confirmations,
    });
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
        <p className={styles.sandboxNote}>
          Your wallet first asks you to sign a message that links it to your account (free), then to approve the transfer.
        </p>
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

function ManualHash({
  chainId,
  kind,
  token,
  amount,
  deposit,
  amountProblem,
  onInvalid,
}: {
  chainId: number;
  kind: 'evm' | 'solana';
  token: Token;
  amount: string;
  deposit: CryptoDepositDto | undefined;
  amountProblem(): string | null;
  onInvalid(error: string | null): void;
}) {
  const [address, setAddress] = useState('');
  const [hash, setHash] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const validAddress = kind === 'evm' ? /^0x[0-9a-fA-F]{40}$/ : solanaAddressPattern;
    const found = {
      amount: amountProblem(),
      address: address.trim()
        ? validAddress.test(address.trim())
          ? null
          : 'Enter a valid wallet address.'
        : 'Wallet address is required.',
      hash: txHashError(hash, kind),
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
      <DepositAddress deposit={deposit} token={token} chainName={networkLabel(chainId, deposit)} />
      <TextField
        id="crypto-address"
        label="Your wallet address"
        placeholder={kind === 'evm' ? '0x…' : 'Your Solana address'}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        error={errors.address}
      />
      <TextField
        id="crypto-hash"
        label={kind === 'evm' ? 'Transaction hash' : 'Transaction signature'}
        placeholder={kind === 'evm' ? '0x…' : 'Signature (base58)'}
        value={hash}
        onChange={(e) => setHash(e.target.value)}
        error={errors.hash}
      />
      <Button block type="submit" busy={busy} data-testid="crypto-submit">
        Submit transaction
      </Button>
    </form>
  );
}
