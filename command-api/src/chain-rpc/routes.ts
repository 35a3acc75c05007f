// The chain read proxy (`POST chain/rpc`): the web app's chain reads (receipts, block height, code)
// go to our configured node for one chain instead of to whatever node the user's wallet uses.
// Only the allow-listed read methods pass; each user gets a per-minute budget.
import { ChainRpcAnswer, chainRpcMethods, chainRpcTexts, formatText } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import type { CommandModule } from '../command-module.ts';
import { WindowLimiter } from '../window-limiter.ts';

const allowed: ReadonlySet<string> = new Set(chainRpcMethods);
const UPSTREAM_TIMEOUT_MS = 10_000;

export const chainRpcModule: CommandModule = {
  name: 'chain-rpc',
  routes(router, deps) {
    const proxy = deps.payments.config.rpcProxy ?? null;
    const limiter = proxy ? new WindowLimiter(proxy.perMinute, 60_000) : null;
    defineRoute(router, 'POST /chain/rpc', async ({ me: { uid }, body: call }) => {
      if (!proxy || !limiter) throw new ApiError('NOT_FOUND', chainRpcTexts.notConfigured);
      if (call.chainId !== undefined && call.chainId !== proxy.chainId) throw new ApiError('NOT_FOUND', chainRpcTexts.notConfigured);
      if (!allowed.has(call.method))
        throw new ApiError('FORBIDDEN', formatText(chainRpcTexts.methodNotAllowed, { method: call.method }), { allowed: chainRpcMethods });
      if (!limiter.take(uid, deps.clock.now().getTime()))
        throw new ApiError('RATE_LIMITED', chainRpcTexts.tooMany, { retryAfterSeconds: 60 });
      let answer: unknown;
      try {
        const upstream = await fetch(proxy.upstreamUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: call.id, method: call.method, params: call.params }),
          signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
        });
        answer = await upstream.json();
      } catch {
        throw new ApiError('UNAVAILABLE', chainRpcTexts.upstreamDown);
      }
      const parsed = ChainRpcAnswer.safeParse(answer);
      if (!parsed.success) throw new ApiError('UNAVAILABLE', chainRpcTexts.upstreamDown);
      return parsed.data;
    });
  },
};
