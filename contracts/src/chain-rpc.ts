// The web app's chain reads go through our server (`POST chain/rpc`): one chain, JSON-RPC, an
// allow-list of read methods and a per-user rate limit. Writes are never proxied: a transfer is
// signed and sent by the user's own wallet.
import { z } from 'zod';

/** Read-only methods the proxy passes on; anything else is refused before it leaves our server. */
export const chainRpcMethods = [
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getTransactionCount',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getBlockByNumber',
] as const;
export type ChainRpcMethod = (typeof chainRpcMethods)[number];

export const chainRpcTexts = {
  methodNotAllowed: 'The method {method} is not allowed through the chain proxy. Only chain reads are.',
  tooMany: 'Too many chain requests. Please wait a moment and try again.',
  notConfigured: 'The chain proxy is not configured here.',
  upstreamDown: 'The chain cannot be reached right now. Please try again shortly.',
} as const;

/** One JSON-RPC 2.0 request (no batches: each read counts against the limit on its own). */
export const ChainRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number().int(), z.string().max(64)]),
  method: z.string().min(1).max(64),
  params: z.array(z.unknown()).max(8).default([]),
  /** The chain the read is for: a proxy serving another chain answers 404, so the caller reads elsewhere. */
  chainId: z.number().int().positive().optional(),
});
export type ChainRpcRequest = z.infer<typeof ChainRpcRequest>;

/** The chain's JSON-RPC answer as the node gave it (a node's own error included). */
export const ChainRpcAnswer = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string(), z.null()]),
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
});
export type ChainRpcAnswer = z.infer<typeof ChainRpcAnswer>;
