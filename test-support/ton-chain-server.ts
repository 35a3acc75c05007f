// A fake TON chain behind the TON API port: a local HTTP server speaking the part of toncenter's
// API v3 the real adapter (command-api/src/payments/toncenter-ton-chain.ts) reads (an account's
// transactions with their incoming message, value, decoded text comment, aborted flag and
// masterchain block; the masterchain's last block). Tests add transfers and mine blocks; the
// browser's TON Connect wallet stand-in sends its transfers here (POST /test/send with the TON
// Connect messages, the comment decoded from the payload cell as a wallet would build it).
import { Address, beginCell, Cell } from '@ton/core';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTonTransaction {
  hash: string;
  lt: string;
  account: string;
  mcSeqno: number;
  from: string;
  to: string;
  value: bigint;
  comment: string | null;
  aborted: boolean;
}

export interface TonChainServer {
  /** The API base the adapter is configured with (TON_API_URL). */
  apiUrl: string;
  /** The platform's deposit address (user-friendly, testnet, non-bounceable). */
  depositAddress: string;
  transactions: FakeTonTransaction[];
  /** A transfer lands in the next block. */
  transfer(input: { from?: string; to?: string; nanotons: bigint; comment: string | null; aborted?: boolean }): FakeTonTransaction;
  /** Masterchain blocks go by. */
  mine(blocks?: number): void;
  /** Mine a block every `ms` (for browser tests: confirmations arrive while the page waits). */
  autoMine(ms: number): void;
  stop(): Promise<void>;
}

export const newTonAddress = (): string => new Address(0, randomBytes(32)).toString({ bounceable: false, testOnly: true });

/** The comment a TON Connect payload carries: a cell of op 0 and the text. */
export function commentOf(payloadBase64: string | undefined): string | null {
  if (!payloadBase64) return null;
  const slice = Cell.fromBase64(payloadBase64).beginParse();
  if (slice.remainingBits < 32 || slice.loadUint(32) !== 0) return null;
  return slice.loadStringTail();
}

export async function startTonChainServer(): Promise<TonChainServer> {
  const depositAddress = newTonAddress();
  const transactions: FakeTonTransaction[] = [];
  let seqno = 1000;
  let lt = 50_000_000n;
  let timer: NodeJS.Timeout | null = null;

  const raw = (a: string) => Address.parse(a).toRawString().toUpperCase();
  const transfer: TonChainServer['transfer'] = ({ from = newTonAddress(), to = depositAddress, nanotons, comment, aborted = false }) => {
    lt += 1000n;
    const tx: FakeTonTransaction = {
      hash: randomBytes(32).toString('base64'),
      lt: lt.toString(),
      account: raw(to),
      mcSeqno: seqno + 1,
      from: raw(from),
      to: raw(to),
      value: nanotons,
      comment,
      aborted,
    };
    transactions.push(tx);
    return tx;
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type, x-api-key',
        'access-control-allow-methods': 'GET, POST',
      };
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', ...cors });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors);
        return res.end();
      }
      const url = new URL(req.url ?? '/', 'http://local');
      if (req.method === 'GET' && url.pathname === '/api/v3/masterchainInfo')
        return send(200, { last: { workchain: -1, shard: '8000000000000000', seqno }, first: { seqno: 1 } });
      if (req.method === 'GET' && url.pathname === '/api/v3/transactions') {
        let account: string;
        try {
          account = raw(url.searchParams.get('account') ?? '');
        } catch {
          return send(422, { error: 'invalid account' });
        }
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), 1000);
        const list = transactions
          .filter((t) => t.account === account && t.mcSeqno <= seqno)
          .sort((a, b) => (BigInt(b.lt) > BigInt(a.lt) ? 1 : -1))
          .slice(0, limit);
        return send(200, {
          transactions: list.map((t) => ({
            account: t.account,
            hash: t.hash,
            lt: t.lt,
            now: Math.floor(Date.now() / 1000),
            mc_block_seqno: t.mcSeqno,
            description: { type: 'ord', aborted: t.aborted, compute_ph: { success: !t.aborted } },
            in_msg: {
              source: t.from,
              destination: t.to,
              value: t.value.toString(),
              message_content: {
                body: beginCell().endCell().toBoc().toString('base64'),
                decoded: t.comment === null ? null : { type: 'text_comment', comment: t.comment },
              },
            },
            out_msgs: [],
          })),
          address_book: {},
        });
      }
      if (req.method === 'POST' && url.pathname === '/test/send') {
        // What the wallet does on sendTransaction: each message lands on chain in the next block.
        const request = JSON.parse(body || '{}') as {
          from?: string;
          messages?: Array<{ address: string; amount: string; payload?: string }>;
        };
        for (const m of request.messages ?? [])
          transfer({ from: request.from, to: m.address, nanotons: BigInt(m.amount), comment: commentOf(m.payload) });
        return send(200, { boc: beginCell().storeUint(BigInt(Date.now()), 64).endCell().toBoc().toString('base64') });
      }
      send(404, { error: `${req.method} ${url.pathname}` });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: `${base}/api/v3`,
    depositAddress,
    transactions,
    transfer,
    mine: (blocks = 1) => void (seqno += blocks),
    autoMine(ms) {
      if (timer) clearInterval(timer);
      timer = setInterval(() => (seqno += 1), ms);
      timer.unref();
    },
    stop: () =>
      new Promise<void>((r) => {
        if (timer) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
