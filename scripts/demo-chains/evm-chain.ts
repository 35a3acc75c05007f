// A local EVM chain for payment tests and the demo (`npm start`): anvil from npm (@foundry-rs/anvil) on a free port, and an
// ERC-20 compiled offline by npm solc and deployed to it. No network.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createPublicClient, createTestClient, createWalletClient, http, toHex, type Hex, type PublicClient } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { freePort } from '../../test-support/free-port.ts';

const require = createRequire(import.meta.url);

/** anvil's development accounts come from this well-known mnemonic. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

const TOKEN_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract TestToken {
  string public name; string public symbol; uint8 public decimals; uint256 public totalSupply;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(string memory n, string memory s, uint8 d) { name = n; symbol = s; decimals = d; }
  function mint(address to, uint256 v) external { totalSupply += v; balanceOf[to] += v; emit Transfer(address(0), to, v); }
  function transfer(address to, uint256 v) external returns (bool) {
    require(balanceOf[msg.sender] >= v, "ERC20: transfer amount exceeds balance");
    balanceOf[msg.sender] -= v; balanceOf[to] += v; emit Transfer(msg.sender, to, v); return true;
  }
  function approve(address s, uint256 v) external returns (bool) { allowance[msg.sender][s] = v; emit Approval(msg.sender, s, v); return true; }
  function transferFrom(address f, address t, uint256 v) external returns (bool) {
    require(allowance[f][msg.sender] >= v && balanceOf[f] >= v, "ERC20: insufficient");
    allowance[f][msg.sender] -= v; balanceOf[f] -= v; balanceOf[t] += v; emit Transfer(f, t, v); return true;
  }
}`;

let compiled: { abi: unknown[]; bytecode: Hex } | null = null;

export function compileTestToken(): { abi: unknown[]; bytecode: Hex } {
  if (compiled) return compiled;
  const solc = require('solc');
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: TOKEN_SOURCE } },
    settings: {
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TestToken.sol'].TestToken;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

export interface LocalChain {
  chainId: number;
  rpcUrl: string;
  publicClient: PublicClient;
  wallet(index: number): ReturnType<typeof createWalletClient>;
  address(index: number): Hex;
  /** The development account's private key (anvil's well-known mnemonic: never a secret). */
  privateKey(index: number): Hex;
  /** An EIP-191 signature by the account (a wallet sign-in). */
  signMessage(index: number, message: string): Promise<Hex>;
  deployToken(symbol: string, decimals: number): Promise<Hex>;
  mint(token: Hex, to: Hex, amount: bigint): Promise<Hex>;
  transfer(fromIndex: number, token: Hex, to: Hex, amount: bigint): Promise<Hex>;
  /** Sends `wei` of the chain's own ether from a development account. */
  sendEther(fromIndex: number, to: Hex, wei: bigint): Promise<Hex>;
  mine(blocks: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startLocalChain(chainId = 11155111): Promise<LocalChain> {
  const port = await freePort();
  const bin = path.join(path.dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil');
  const child: ChildProcess = spawn(bin, ['--port', String(port), '--host', '127.0.0.1', '--chain-id', String(chainId), '--silent'], {
    stdio: 'ignore',
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = {
    id: chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const;
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient;
  for (let i = 0; ; i++) {
    try {
      await publicClient.getChainId();
      break;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const testClient = createTestClient({ chain, mode: 'anvil', transport: http(rpcUrl) });
  const wallets = [0, 1, 2].map((i) =>
    createWalletClient({ account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }), chain, transport: http(rpcUrl) }),
  );
  const { abi, bytecode } = compileTestToken();
  const wait = async (hash: Hex) => {
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return hash;
  };
  return {
    chainId,
    rpcUrl,
    publicClient,
    wallet: (i) => wallets[i]!,
    address: (i) => wallets[i]!.account.address,
    privateKey: (i) => toHex(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).getHdKey().privateKey!),
    signMessage: (i, message) => wallets[i]!.signMessage({ account: wallets[i]!.account, message }),
    async deployToken(symbol, decimals) {
      const hash = await wallets[0]!.deployContract({ abi, bytecode, args: [symbol, symbol, decimals] });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      return receipt.contractAddress!;
    },
    async mint(token, to, amount) {
      return wait(await wallets[0]!.writeContract({ address: token, abi, functionName: 'mint', args: [to, amount] }));
    },
    async transfer(fromIndex, token, to, amount) {
      return wait(await wallets[fromIndex]!.writeContract({ address: token, abi, functionName: 'transfer', args: [to, amount] }));
    },
    async sendEther(fromIndex, to, wei) {
      return wait(await wallets[fromIndex]!.sendTransaction({ account: wallets[fromIndex]!.account, chain, to, value: wei }));
    },
    async mine(blocks) {
      await testClient.mine({ blocks });
    },
    async stop() {
      child.kill('SIGTERM');
    },
  };
}
