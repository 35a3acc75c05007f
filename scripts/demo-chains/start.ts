// The demo's crypto chains: `npm start` runs the same local chains the payment tests bring (anvil
// with a USDT- and a USDC-like ERC-20; LiteSVM behind its JSON-RPC node with the HONEY mint) and
// points command-api's and query-api's payment settings at them, so a person can try a crypto
// top-up end to end. Only in the demo and only when no chain or deposit address is configured
// (the demo table in platform/src/demo-mode.ts; production refuses loopback chain RPCs).
import type { Hex } from 'viem';
import { startLocalChain } from './evm-chain.ts';
import { startLocalSolana } from './solana-chain.ts';

/** The EVM deposit address on the demo chain: no development account, so what it holds is only what was paid in. */
export const DEMO_CHAIN_DEPOSIT_ADDRESS = '0x00000000000000000000000000000000000d3905' as Hex;
/** The EVM chain the demo chain stands in for (the web app names it "Sepolia (demo chain)"). */
export const DEMO_EVM_CHAIN_ID = 11155111;
export const DEMO_SOLANA_CHAIN_ID = 103;
/** The development account (anvil's, index 1) and the Solana keypair (index 1) that hold the demo's funds. */
export const DEMO_FUNDER_INDEX = 1;

export interface DemoChains {
  env: Record<string, string>;
  /** What the demo prints for a person who wants to pay from a wallet of their own. */
  describe(): string[];
  stop(): Promise<void>;
}

/** Whether `npm start` should run the demo chains: the demo, nothing configured, not switched off. */
export const wantsDemoChains = (env: Record<string, string | undefined>): boolean =>
  env.MURMUR_DEMO === 'on' &&
  env.DEMO_CHAINS !== 'off' &&
  !env.PAYMENT_DEPOSIT_ADDRESS &&
  !env.PAYMENT_SOLANA_DEPOSIT_ADDRESS &&
  !env.CHAIN_RPC_URLS &&
  !env.PAYMENT_TOKENS;

export async function startDemoChains(): Promise<DemoChains> {
  const [evm, sol] = await Promise.all([startLocalChain(DEMO_EVM_CHAIN_ID), startLocalSolana(DEMO_SOLANA_CHAIN_ID)]);
  try {
    const usdt = await evm.deployToken('USDT', 6);
    const usdc = await evm.deployToken('USDC', 6);
    const funder = evm.address(DEMO_FUNDER_INDEX);
    await evm.mint(usdt, funder, 1_000_000_000_000n); // a million USDT
    await evm.mint(usdc, funder, 1_000_000_000_000n);
    const honey = sol.createMint(6);
    const solFunder = sol.keypair(DEMO_FUNDER_INDEX);
    sol.mintTo(honey, solFunder.publicKey, 100_000_000_000_000n); // a hundred million HONEY
    // The deposit's HONEY account exists, as a wallet's transfer would create it.
    sol.mintTo(honey, sol.keypair(0).publicKey, 0n);
    const tokens = [
      { chainId: evm.chainId, symbol: 'USDT', address: usdt, decimals: 6 },
      { chainId: evm.chainId, symbol: 'USDC', address: usdc, decimals: 6 },
      { chainId: evm.chainId, symbol: 'ETH', address: 'native', decimals: 18 },
      { chainId: sol.chainId, symbol: 'SOL', address: 'native', decimals: 9 },
      { chainId: sol.chainId, symbol: 'HONEY', address: honey.toBase58(), decimals: 6 },
    ];
    const env: Record<string, string> = {
      PAYMENT_DEPOSIT_ADDRESS: DEMO_CHAIN_DEPOSIT_ADDRESS,
      PAYMENT_SOLANA_DEPOSIT_ADDRESS: sol.address(0),
      PAYMENT_TOKENS: JSON.stringify(tokens),
      CHAIN_RPC_URLS: JSON.stringify({ [evm.chainId]: evm.rpcUrl, [sol.chainId]: sol.rpcUrl }),
      // The web app's EVM reads (a browser wallet's confirmations) go through our read proxy.
      CHAIN_RPC_PROXY_CHAIN_ID: String(evm.chainId),
      // Nobody mines the local chains between payments: a transfer credits on its own block.
      PAYMENT_CONFIRMATIONS: '1',
      // The demo wallet (POST /dev/demo-wallet/pay) pays from these funded accounts.
      DEMO_WALLET_EVM_KEY: evm.privateKey(DEMO_FUNDER_INDEX),
      DEMO_WALLET_SOLANA_KEY: Buffer.from(solFunder.secretKey).toString('base64'),
    };
    return {
      env,
      describe: () => [
        `Demo EVM chain (anvil, chain id ${evm.chainId}): ${evm.rpcUrl}  USDT ${usdt}  USDC ${usdc}`,
        `Demo Solana chain (LiteSVM, cluster ${sol.chainId}): ${sol.rpcUrl}  HONEY mint ${honey.toBase58()}`,
        `  funded EVM dev account ${funder} (anvil's development account ${DEMO_FUNDER_INDEX})`,
      ],
      async stop() {
        await Promise.all([evm.stop(), sol.stop()]);
      },
    };
  } catch (error) {
    await Promise.all([evm.stop(), sol.stop()]);
    throw error;
  }
}
