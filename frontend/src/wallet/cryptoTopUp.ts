// Paying a crypto top-up from the browser wallet: the ERC-20 transfer (or the ether) to the deposit address, then
// its confirmations until the server credits it. The sent transfer is remembered (localStorage) so
// that a closed modal or a reload picks it up again: the money has left the wallet and must be
// credited. The server decides the credit (payment/topup/pay); the wallet only shows progress.
import type { DepositCurrency } from '@murmur/contracts/deposits';
import { formatText } from '@murmur/contracts/errors';
import { browserWalletTexts } from '@murmur/contracts/account-settings';
import { walletTopUpTexts } from '@murmur/contracts/top-up-texts';
import { ApiCallError, newIdempotencyKey } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { createStore, readLocal, writeLocal } from '../state/store.ts';
import { chainRead } from './chainReads.ts';
import { linkBrowserWallet } from './linkWallet.ts';
import { handlePaymentResult } from './pay.ts';
import {
  confirmationsOf,
  evmWallet,
  requireChain,
  sendTokenTransfer,
  switchChain,
  tokenUnits,
  walletAccount,
  walletErrorText,
  WalletProblem,
  WrongNetwork,
} from './evmWallet.ts';

export interface WalletTopUpInput {
  chainId: number;
  /** A token contract, or `native` for ether itself. */
  token: { symbol: DepositCurrency; contract: string; decimals: number };
  depositAddress: string;
  amount: string;
  /** The linked wallet chosen to pay from; null when none is linked yet (the wallet is linked first). */
  fromAddress: string | null;
  /** Blocks the server wants before it credits. */
  confirmationsNeeded: number;
}

export interface PendingDeposit {
  hash: string;
  chainId: number;
  symbol: DepositCurrency;
  amount: string;
  address: string;
  needed: number;
}

type Phase = 'idle' | 'wallet' | 'confirming' | 'submitting';

interface CryptoTopUpState {
  phase: Phase;
  pending: PendingDeposit | null;
  confirmations: number;
  error: string | null;
  /** Set when the wallet is on another chain: the page offers to switch it. */
  switchTo: number | null;
  last: WalletTopUpInput | null;
}

const PENDING_KEY = 'murmur.pendingDeposit';
export const POLL_MS = 1500;

function loadPending(): PendingDeposit | null {
  try {
    const raw = readLocal(PENDING_KEY);
    return raw ? (JSON.parse(raw) as PendingDeposit) : null;
  } catch {
    return null;
  }
}

export const useCryptoTopUp = createStore<CryptoTopUpState>()(() => ({
  phase: 'idle',
  pending: loadPending(),
  confirmations: 0,
  error: null,
  switchTo: null,
  last: null,
}));

const set = (patch: Partial<CryptoTopUpState>) => useCryptoTopUp.setState(patch);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let tracking: string | null = null;

function remember(pending: PendingDeposit | null): void {
  writeLocal(PENDING_KEY, pending ? JSON.stringify(pending) : null);
  set({ pending });
}

function fail(error: unknown): void {
  const text = error instanceof ApiCallError ? error.message : walletErrorText(error);
  set({ phase: 'idle', error: text, switchTo: error instanceof WrongNetwork ? error.expected : null });
}

/** Connects, checks account and network, links the wallet if needed, sends the transfer and tracks it. */
export async function payFromWallet(input: WalletTopUpInput): Promise<void> {
  const wallet = evmWallet();
  set({ error: null, switchTo: null, last: input });
  if (!wallet) return set({ error: browserWalletTexts.noEvmWallet });
  set({ phase: 'wallet' });
  try {
    const account = await walletAccount(wallet);
    if (input.fromAddress && input.fromAddress.toLowerCase() !== account.toLowerCase()) {
      throw new WalletProblem(formatText(browserWalletTexts.accountMismatch, { address: input.fromAddress }));
    }
    await requireChain(wallet, input.chainId);
    // Only transfers from a wallet proven by signature are credited: prove it before money moves.
    if (!input.fromAddress) await linkBrowserWallet('evm', 'My EVM wallet', { expected: account, preferredChainId: input.chainId });
    const hash = await sendTokenTransfer(wallet, {
      from: account,
      token: input.token.contract,
      to: input.depositAddress,
      amount: tokenUnits(input.amount, input.token.decimals),
    });
    remember({
      hash,
      chainId: input.chainId,
      symbol: input.token.symbol,
      amount: input.amount,
      address: account,
      needed: input.confirmationsNeeded,
    });
    set({ phase: 'confirming', confirmations: 0 });
    void trackPending();
  } catch (error) {
    fail(error);
  }
}

/** Switches the wallet to the network the transfer needs, then pays as asked before. */
export async function switchAndPay(): Promise<void> {
  const { switchTo, last } = useCryptoTopUp.getState();
  const wallet = evmWallet();
  if (!switchTo || !wallet) return;
  try {
    await switchChain(wallet, switchTo);
    set({ switchTo: null, error: null });
    if (last) await payFromWallet(last);
  } catch (error) {
    fail(error);
  }
}

async function submit(p: PendingDeposit): Promise<'credited' | 'wait'> {
  try {
    const result = await api.money.topUp(
      {
        channelCode: 'crypto',
        chainId: p.chainId,
        transactionHash: p.hash,
        fromCurrency: p.symbol,
        fromAmount: Number(p.amount),
        address: p.address,
      },
      { idempotencyKey: newIdempotencyKey(), quiet: true },
    );
    handlePaymentResult(result);
    return 'credited';
  } catch (error) {
    // The server counts blocks itself; a node a block behind ours is not a failure.
    if (error instanceof ApiCallError && error.status === 422 && /confirmations/.test(error.message)) return 'wait';
    throw error;
  }
}

/** Polls the pending transfer's confirmations and submits it once deep enough; resumes after a reload. */
export async function trackPending(pollMs = POLL_MS): Promise<void> {
  const pending = useCryptoTopUp.getState().pending;
  if (!pending || tracking === pending.hash) return;
  tracking = pending.hash;
  set({ phase: 'confirming', error: null });
  try {
    for (;;) {
      // Without a proxy for this chain or a wallet to read with, the server counts the blocks itself.
      const read = chainRead(pending.chainId, evmWallet());
      const count = read
        ? await confirmationsOf(read, pending.hash).catch((e: unknown) => {
            if (e instanceof WalletProblem) throw e;
            return null;
          })
        : pending.needed;
      set({ confirmations: count ?? 0 });
      if (count !== null && count >= pending.needed) {
        set({ phase: 'submitting' });
        if ((await submit(pending)) === 'credited') break;
        set({ phase: 'confirming' });
      }
      await sleep(pollMs);
      if (useCryptoTopUp.getState().pending?.hash !== pending.hash) return;
    }
    remember(null);
    set({ phase: 'idle', confirmations: 0 });
  } catch (error) {
    // A refusal is final for this hash (another wallet, already credited elsewhere): show it, forget it.
    remember(null);
    fail(error);
  } finally {
    tracking = null;
  }
}

export const confirmingText = (count: number, needed: number) =>
  formatText(walletTopUpTexts.confirming, { count: Math.min(count, needed), needed });
