// The demo wallet (demo only, like the dev mailbox): a person trying `npm start` has no wallet
// funded on the demo's local chains, so each account gets a demo wallet there of its own (its key
// derived from the funded development account's and the uid). `dev/demo-wallet/pay` funds it from
// the development account and sends the chosen amount from it to the deposit address, and
// `dev/demo-wallet/sign` signs the wallet-link message with it. The top-up is then submitted and
// credited exactly as any other (payment/topup/pay: the transfer verified on chain, claimed once,
// from a wallet linked by signature). docs/decisions/payments.md "The demo chains".
import { ed25519 } from '@noble/curves/ed25519.js';
import { chainKindOf, DemoWalletPaid, DemoWalletPayBody, nativeToken } from '@murmur/contracts';
import { ApiError, defineRoute, type PaymentSettings } from '@murmur/platform';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import bs58 from 'bs58';
import { createHash } from 'node:crypto';
import type express from 'express';
import {
  concat,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  keccak256,
  parseEther,
  parseUnits,
  stringToHex,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { CommandDeps } from '../dependencies.ts';
import { createAssociatedAccountIdempotent, transferCheckedInstruction } from './solana-instructions.ts';

type DemoWallet = NonNullable<PaymentSettings['demoWallet']>;

/** What the demo wallet is given for fees with each payment. */
const EVM_GAS = parseEther('0.01');
const SOL_FEES = 10_000_000n; // 0.01 SOL

const evmAccount = (wallet: DemoWallet, uid: string) =>
  privateKeyToAccount(keccak256(concat([wallet.evmKey!, stringToHex(`demo-wallet:${uid}`)])));
const solanaFunder = (wallet: DemoWallet) => Keypair.fromSecretKey(Buffer.from(wallet.solanaKey!, 'base64'));
const solanaKeypair = (wallet: DemoWallet, uid: string) =>
  Keypair.fromSeed(createHash('sha256').update(Buffer.from(wallet.solanaKey!, 'base64')).update(`demo-wallet:${uid}`).digest());

function walletOn(deps: CommandDeps, chainId: number): { wallet: DemoWallet; rpcUrl: string; kind: 'evm' | 'solana' } {
  const wallet = deps.payments.config.demo ? deps.payments.config.demoWallet : null;
  const kind = chainKindOf(chainId);
  const rpcUrl = wallet?.rpcUrls[chainId];
  if (!wallet || !kind || !rpcUrl || (kind === 'evm' ? !wallet.evmKey : !wallet.solanaKey))
    throw new ApiError('NOT_FOUND', 'The demo wallet does not pay on this network.');
  return { wallet, rpcUrl, kind };
}

async function payEvm(
  deps: CommandDeps,
  wallet: DemoWallet,
  rpcUrl: string,
  uid: string,
  body: DemoWalletPayBody,
  token: { address: string; decimals: number },
): Promise<DemoWalletPaid> {
  const chain = {
    id: body.chainId,
    name: 'demo',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const;
  const client = createPublicClient({ chain, transport: http(rpcUrl) });
  const funder = createWalletClient({ account: privateKeyToAccount(wallet.evmKey!), chain, transport: http(rpcUrl) });
  const user = createWalletClient({ account: evmAccount(wallet, uid), chain, transport: http(rpcUrl) });
  const amount = parseUnits(body.amount, token.decimals);
  const deposit = deps.payments.config.depositAddress!;
  const mined = async (hash: Hex) => {
    await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return hash;
  };
  const native = token.address === nativeToken;
  await mined(await funder.sendTransaction({ to: user.account.address, value: native ? amount + EVM_GAS : EVM_GAS }));
  if (native)
    return { address: user.account.address, transactionHash: await mined(await user.sendTransaction({ to: deposit, value: amount })) };
  await mined(
    await funder.writeContract({
      address: token.address as Hex,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [user.account.address, amount],
    }),
  );
  return {
    address: user.account.address,
    transactionHash: await mined(
      await user.writeContract({ address: token.address as Hex, abi: erc20Abi, functionName: 'transfer', args: [deposit, amount] }),
    ),
  };
}

async function paySolana(
  deps: CommandDeps,
  wallet: DemoWallet,
  rpcUrl: string,
  uid: string,
  body: DemoWalletPayBody,
  token: { address: string; decimals: number },
): Promise<DemoWalletPaid> {
  const connection = new Connection(rpcUrl, 'confirmed');
  const funder = solanaFunder(wallet);
  const user = solanaKeypair(wallet, uid);
  const deposit = new PublicKey(deps.payments.config.solanaDepositAddress!);
  const amount = parseUnits(body.amount, token.decimals);
  const native = token.address === nativeToken;
  // The local node lands each transaction in its own slot as it is sent.
  const sendTx = async (instructions: TransactionInstruction[], signers: Keypair[]) => {
    const { blockhash } = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: signers[0]!.publicKey, recentBlockhash: blockhash }).add(...instructions);
    tx.sign(...signers);
    return connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
  };
  if (native) {
    await sendTx(
      [SystemProgram.transfer({ fromPubkey: funder.publicKey, toPubkey: user.publicKey, lamports: amount + SOL_FEES })],
      [funder],
    );
    return {
      address: user.publicKey.toBase58(),
      transactionHash: await sendTx([SystemProgram.transfer({ fromPubkey: user.publicKey, toPubkey: deposit, lamports: amount })], [user]),
    };
  }
  const mint = new PublicKey(token.address);
  await sendTx(
    [
      SystemProgram.transfer({ fromPubkey: funder.publicKey, toPubkey: user.publicKey, lamports: SOL_FEES }),
      createAssociatedAccountIdempotent(funder.publicKey, user.publicKey, mint),
      createAssociatedAccountIdempotent(funder.publicKey, deposit, mint),
      transferCheckedInstruction(funder.publicKey, mint, user.publicKey, amount, token.decimals),
    ],
    [funder],
  );
  return {
    address: user.publicKey.toBase58(),
    transactionHash: await sendTx([transferCheckedInstruction(user.publicKey, mint, deposit, amount, token.decimals)], [user]),
  };
}

export function demoWalletRoutes(router: express.Router, deps: CommandDeps): void {
  // Mounted everywhere behind sign-in (a visitor is refused as on any signed-in route); without the
  // demo and its wallet keys both answer 404.
  defineRoute(router, 'POST /dev/demo-wallet/pay', async ({ me: { uid }, body }) => {
    const { wallet, rpcUrl, kind } = walletOn(deps, body.chainId);
    const token = deps.payments.config.tokens.find((t) => t.chainId === body.chainId && t.symbol === body.symbol);
    if (!token) throw new ApiError('VALIDATION_FAILED', `${body.symbol} is not accepted on this network.`);
    return kind === 'evm' ? await payEvm(deps, wallet, rpcUrl, uid, body, token) : await paySolana(deps, wallet, rpcUrl, uid, body, token);
  });
  defineRoute(router, 'POST /dev/demo-wallet/sign', async ({ me: { uid }, body }) => {
    const { wallet, kind } = walletOn(deps, body.chainId);
    if (kind === 'evm') {
      const account = evmAccount(wallet, uid);
      return { address: account.address, signature: await account.signMessage({ message: body.message }) };
    }
    const keypair = solanaKeypair(wallet, uid);
    const signature = ed25519.sign(new TextEncoder().encode(body.message), keypair.secretKey.slice(0, 32));
    return { address: keypair.publicKey.toBase58(), signature: bs58.encode(signature) };
  });
}
