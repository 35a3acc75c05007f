// The `blockchain-wallets-{uid}` stream: the addresses a user lists as theirs (spec "Blockchain
// wallet": add, rename, remove, update). Crypto top-ups credit only transfers from these.
import { streamIds } from '@murmur/contracts';
import { type BlockchainWalletEvent, blockchainWalletEventSchemas, walletAddressError } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { CommandDeps } from '../dependencies.ts';

export interface BlockchainWallet {
  walletId: string;
  name: string;
  address: string;
  chain: string;
}

export type BlockchainWalletsState = { wallets: BlockchainWallet[] };

export type BlockchainWalletCommand =
  | { type: 'Add'; uid: string; walletId: string; name: string; address: string; chain: string; at: string }
  | { type: 'Rename' | 'Update'; uid: string; walletId: string; name?: string; address?: string; chain?: string; at: string }
  | { type: 'Remove'; uid: string; walletId: string; at: string };

export const MAX_BLOCKCHAIN_WALLETS = 10;

function evolve(state: BlockchainWalletsState, event: BlockchainWalletEvent): BlockchainWalletsState {
  const d = event.data;
  const wallet = { walletId: d.walletId, name: d.name, address: d.address, chain: d.chain };
  switch (event.type) {
    case 'BlockchainWalletAdded':
      return { wallets: [...state.wallets, wallet] };
    case 'BlockchainWalletRenamed':
    case 'BlockchainWalletUpdated':
      return { wallets: state.wallets.map((w) => (w.walletId === d.walletId ? wallet : w)) };
    case 'BlockchainWalletRemoved':
      return { wallets: state.wallets.filter((w) => w.walletId !== d.walletId) };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

/** An address of another chain (a Solana key listed as EVM, or the reverse) is refused. */
function mustFitChain(chain: string, address: string): void {
  const error = walletAddressError(chain, address);
  if (error) throw new ApiError('VALIDATION_FAILED', error, { issues: [{ path: 'address', message: error }] });
}

function decide(command: BlockchainWalletCommand, state: BlockchainWalletsState): BlockchainWalletEvent[] {
  const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  if (command.type === 'Add') {
    if (state.wallets.some((w) => w.walletId === command.walletId)) return [];
    mustFitChain(command.chain, command.address);
    if (state.wallets.some((w) => sameAddress(w.address, command.address)))
      throw new ApiError('RULE_VIOLATED', 'This wallet address is already in your list.');
    if (state.wallets.length >= MAX_BLOCKCHAIN_WALLETS)
      throw new ApiError('RULE_VIOLATED', `You can list at most ${MAX_BLOCKCHAIN_WALLETS} wallets.`);
    const { type: _t, ...data } = command;
    return [{ type: 'BlockchainWalletAdded', data }];
  }
  const current = state.wallets.find((w) => w.walletId === command.walletId);
  if (!current) throw new ApiError('NOT_FOUND', 'Wallet not found.');
  const base = {
    walletId: current.walletId,
    uid: command.uid,
    name: current.name,
    address: current.address,
    chain: current.chain,
    at: command.at,
  };
  if (command.type === 'Remove') return [{ type: 'BlockchainWalletRemoved', data: base }];
  const next = {
    ...base,
    ...(command.name ? { name: command.name } : {}),
    ...(command.address ? { address: command.address } : {}),
    ...(command.chain ? { chain: command.chain } : {}),
  };
  if (command.address || command.chain) mustFitChain(next.chain, next.address);
  if (command.address && state.wallets.some((w) => w.walletId !== current.walletId && sameAddress(w.address, command.address!))) {
    throw new ApiError('RULE_VIOLATED', 'This wallet address is already in your list.');
  }
  return [{ type: command.type === 'Rename' ? 'BlockchainWalletRenamed' : 'BlockchainWalletUpdated', data: next }];
}

export const blockchainWalletsDecider: Decider<BlockchainWalletsState, BlockchainWalletCommand, BlockchainWalletEvent> = {
  evolvesOn: blockchainWalletEventSchemas,
  initialState: () => ({ wallets: [] }),
  evolve,
  decide,
};

const blockchainWalletsCommands = defineCommandHandler({ decider: blockchainWalletsDecider, streamId: streamIds.blockchainWallets });

export async function loadBlockchainWallets(deps: CommandDeps, uid: string): Promise<BlockchainWallet[]> {
  return (await blockchainWalletsCommands.load(deps, uid)).state.wallets;
}

export function changeBlockchainWallets(deps: CommandDeps, uid: string, command: BlockchainWalletCommand) {
  return blockchainWalletsCommands.run(deps, uid, command, { actorUid: uid });
}
