// A local Solana chain for payment tests and the demo (`npm start`): LiteSVM (an in-process Solana VM with the SPL token
// program) behind a small JSON-RPC node on a free port, so command-api's verifier reads it with
// @solana/web3.js exactly as it reads a real cluster. Transactions are sent through `send` (or the
// node's sendTransaction), which records what an RPC node keeps for getTransaction: the slot, the
// error, and the balances and token balances before and after. No network.
import { Keypair, PublicKey, SystemProgram, Transaction, type TransactionInstruction, type Signer } from '@solana/web3.js';
import { address as kitAddress, getTransactionDecoder, lamports as kitLamports } from '@solana/kit';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import bs58 from 'bs58';
import http from 'node:http';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  associatedTokenAddress,
  TOKEN_PROGRAM_ID,
  transferCheckedInstruction,
} from '../../command-api/src/payments/solana-instructions.ts';
import type { AddressInfo } from 'node:net';

export { ASSOCIATED_TOKEN_PROGRAM_ID, associatedTokenAddress, TOKEN_PROGRAM_ID };

interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: { amount: string; decimals: number; uiAmount: number | null; uiAmountString: string };
}

interface Recorded {
  slot: number;
  wire: Transaction;
  err: unknown;
  fee: number;
  preBalances: number[];
  postBalances: number[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logs: string[];
}

export interface LocalSolana {
  /** The chain id top-ups name it by (a Solana cluster number: 103). */
  chainId: number;
  rpcUrl: string;
  svm: LiteSVM;
  keypair(index: number): Keypair;
  address(index: number): string;
  /** A new SPL mint (classic token program) with `decimals`. */
  createMint(decimals: number): PublicKey;
  /** Gives `owner` `amount` base units of `mint` in its associated token account (created if needed). */
  mintTo(mint: PublicKey, owner: PublicKey, amount: bigint): PublicKey;
  tokenBalance(mint: PublicKey, owner: PublicKey): bigint;
  /** Signs and sends; the signature (base58), whether it succeeded or failed. */
  send(instructions: TransactionInstruction[], signers: Signer[]): string;
  transferSol(fromIndex: number, to: string, lamports: bigint): string;
  /** A `TransferChecked` from the sender's associated account to the recipient owner's (created first when missing). */
  transferToken(fromIndex: number, mint: PublicKey, toOwner: string, amount: bigint): string;
  /** Moves the chain on by `slots` slots (each later confirmation is one more slot). */
  mine(slots: number): void;
  stop(): Promise<void>;
}

const MINT_SIZE = 82;
const ACCOUNT_SIZE = 165;

function mintData(decimals: number, authority: PublicKey): Uint8Array {
  const data = Buffer.alloc(MINT_SIZE);
  data.writeUInt32LE(1, 0);
  authority.toBuffer().copy(data, 4);
  data.writeBigUInt64LE(0n, 36);
  data.writeUInt8(decimals, 44);
  data.writeUInt8(1, 45);
  return data;
}

function tokenAccountData(mint: PublicKey, owner: PublicKey, amount: bigint): Uint8Array {
  const data = Buffer.alloc(ACCOUNT_SIZE);
  mint.toBuffer().copy(data, 0);
  owner.toBuffer().copy(data, 32);
  data.writeBigUInt64LE(amount, 64);
  data.writeUInt8(1, 108); // state: initialized
  return data;
}

export async function startLocalSolana(chainId = 103): Promise<LocalSolana> {
  const svm = new LiteSVM();
  const keys = [0, 1, 2, 3].map(() => Keypair.generate());
  for (const k of keys) svm.airdrop(kitAddress(k.publicKey.toBase58()), kitLamports(100_000_000_000n));
  const mintDecimals = new Map<string, number>();
  const recorded = new Map<string, Recorded>();
  const slot = () => Number(svm.getClock().slot);

  const accountOf = (key: PublicKey) => svm.getAccount(kitAddress(key.toBase58()));
  const tokenBalances = (tx: Transaction): TokenBalance[] => {
    const out: TokenBalance[] = [];
    tx.compileMessage().accountKeys.forEach((key, accountIndex) => {
      const account = accountOf(key);
      if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ID.toBase58() || account.data.length !== ACCOUNT_SIZE) return;
      const data = Buffer.from(account.data);
      const mint = new PublicKey(data.subarray(0, 32));
      const decimals = mintDecimals.get(mint.toBase58()) ?? 0;
      const amount = data.readBigUInt64LE(64);
      const ui = Number(amount) / 10 ** decimals;
      out.push({
        accountIndex,
        mint: mint.toBase58(),
        owner: new PublicKey(data.subarray(32, 64)).toBase58(),
        programId: TOKEN_PROGRAM_ID.toBase58(),
        uiTokenAmount: { amount: amount.toString(), decimals, uiAmount: ui, uiAmountString: String(ui) },
      });
    });
    return out;
  };
  const balances = (tx: Transaction) =>
    tx.compileMessage().accountKeys.map((key) => Number(svm.getBalance(kitAddress(key.toBase58())) ?? 0n));

  /** Lands a signed transaction in the next slot, as a node does, and keeps what getTransaction answers. */
  function submit(tx: Transaction): string {
    svm.warpToSlot(BigInt(slot() + 1));
    const wire = tx.serialize();
    const preBalances = balances(tx);
    const preTokenBalances = tokenBalances(tx);
    const result = svm.sendTransaction(getTransactionDecoder().decode(wire));
    const failed = result instanceof FailedTransactionMetadata;
    const meta = failed ? result.meta() : result;
    const signature = bs58.encode(tx.signature!);
    recorded.set(signature, {
      slot: slot(),
      wire: tx,
      err: failed ? { InstructionError: [0, String(result.err())] } : null,
      fee: 5000,
      preBalances,
      postBalances: balances(tx),
      preTokenBalances,
      postTokenBalances: tokenBalances(tx),
      logs: meta.logs(),
    });
    svm.expireBlockhash();
    return signature;
  }

  const chain: LocalSolana = {
    chainId,
    rpcUrl: '',
    svm,
    keypair: (i) => keys[i]!,
    address: (i) => keys[i]!.publicKey.toBase58(),
    createMint(decimals) {
      const mint = Keypair.generate().publicKey;
      svm.setAccount({
        address: kitAddress(mint.toBase58()),
        data: mintData(decimals, keys[0]!.publicKey),
        executable: false,
        lamports: kitLamports(svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE))),
        programAddress: kitAddress(TOKEN_PROGRAM_ID.toBase58()),
        space: BigInt(MINT_SIZE),
      });
      mintDecimals.set(mint.toBase58(), decimals);
      return mint;
    },
    mintTo(mint, owner, amount) {
      const ata = associatedTokenAddress(owner, mint);
      const held = chain.tokenBalance(mint, owner);
      svm.setAccount({
        address: kitAddress(ata.toBase58()),
        data: tokenAccountData(mint, owner, held + amount),
        executable: false,
        lamports: kitLamports(svm.minimumBalanceForRentExemption(BigInt(ACCOUNT_SIZE))),
        programAddress: kitAddress(TOKEN_PROGRAM_ID.toBase58()),
        space: BigInt(ACCOUNT_SIZE),
      });
      return ata;
    },
    tokenBalance(mint, owner) {
      const account = accountOf(associatedTokenAddress(owner, mint));
      return account.exists ? Buffer.from(account.data).readBigUInt64LE(64) : 0n;
    },
    send(instructions, signers) {
      const tx = new Transaction({ feePayer: signers[0]!.publicKey, recentBlockhash: svm.latestBlockhash() });
      tx.add(...instructions);
      tx.sign(...signers);
      return submit(tx);
    },
    transferSol(fromIndex, to, amount) {
      const from = keys[fromIndex]!;
      return chain.send([SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(to), lamports: amount })], [from]);
    },
    transferToken(fromIndex, mint, toOwner, amount) {
      const from = keys[fromIndex]!;
      const owner = new PublicKey(toOwner);
      // The recipient's associated account exists before the transfer (a wallet creates it in the same transaction).
      if (!accountOf(associatedTokenAddress(owner, mint)).exists) chain.mintTo(mint, owner, 0n);
      const ix = transferCheckedInstruction(from.publicKey, mint, owner, amount, mintDecimals.get(mint.toBase58()) ?? 0);
      return chain.send([ix], [from]);
    },
    mine(slots) {
      svm.warpToSlot(BigInt(slot() + slots));
      svm.expireBlockhash();
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const answer = (method: string, params: unknown[]): unknown => {
    switch (method) {
      case 'getSlot':
        return slot();
      case 'getGenesisHash':
        return '11111111111111111111111111111111';
      case 'getLatestBlockhash':
        return { context: { slot: slot() }, value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot() + 150 } };
      case 'getBalance':
        return { context: { slot: slot() }, value: Number(svm.getBalance(kitAddress(String(params[0]))) ?? 0n) };
      case 'sendTransaction': {
        const encoding = (params[1] as { encoding?: string } | undefined)?.encoding ?? 'base58';
        if (encoding !== 'base64') throw new Error('only base64 transactions are accepted here');
        return submit(Transaction.from(Buffer.from(String(params[0]), 'base64')));
      }
      case 'getTransaction': {
        const r = recorded.get(String(params[0]));
        if (!r) return null;
        const message = r.wire.compileMessage();
        return {
          slot: r.slot,
          blockTime: null,
          version: 'legacy',
          transaction: {
            signatures: r.wire.signatures.map((s) => bs58.encode(s.signature!)),
            message: {
              accountKeys: message.accountKeys.map((k) => k.toBase58()),
              header: message.header,
              recentBlockhash: message.recentBlockhash,
              instructions: message.instructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: ix.data })),
            },
          },
          meta: {
            err: r.err,
            fee: r.fee,
            preBalances: r.preBalances,
            postBalances: r.postBalances,
            preTokenBalances: r.preTokenBalances,
            postTokenBalances: r.postTokenBalances,
            innerInstructions: [],
            logMessages: r.logs,
            loadedAddresses: { writable: [], readonly: [] },
            status: r.err === null ? { Ok: null } : { Err: r.err },
          },
        };
      }
      default:
        throw new Error(`method ${method} is not served by the local Solana node`);
    }
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const call = JSON.parse(body) as { id: unknown; method: string; params?: unknown[] };
      let reply: unknown;
      try {
        reply = { jsonrpc: '2.0', id: call.id, result: answer(call.method, call.params ?? []) };
      } catch (error) {
        reply = { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: (error as Error).message } };
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  chain.rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return chain;
}
