// Traffic of signed-in users for the crash tests and the soak run: commands sent over HTTP the way a
// careful client sends them. A command whose answer is lost (connection refused or reset, a 5xx, a
// timeout) is sent again with the SAME idempotency key, to the next command-api process, until it is
// answered; a 4xx is the final answer. Every outcome is kept, so a test can hold the database
// against what was acknowledged.
import { percentile } from '../bench/support.ts';

export interface LoadUser {
  uid: string;
  token: string;
}

export interface Outcome {
  kind: string;
  uid: string;
  /** The idempotency key sent with every attempt (also the chat text, so a message is findable). */
  key: string;
  status: number;
  body: unknown;
  attempts: number;
  /** From the first attempt to the answer, retries included. */
  latencyMs: number;
}

export interface RetryOptions {
  /** A command not answered within this long is given up and counted as lost. */
  giveUpMs?: number;
  /** One attempt's timeout. */
  attemptTimeoutMs?: number;
}

export class RetryingClient {
  readonly acknowledged: Outcome[] = [];
  readonly refused: Outcome[] = [];
  readonly lost: Outcome[] = [];
  /** Attempts answered with a 5xx (the body is kept for the first few). */
  serverErrors = 0;
  /** Of those, the 500s: a bug, where an outage must answer 503 (retry with the same key). */
  internalErrors = 0;
  readonly serverErrorSamples: string[] = [];
  /** Attempts that got no answer at all (refused, reset, timed out). */
  networkErrors = 0;
  private turn = 0;

  constructor(
    /** The command-api base URLs (or the edge's); read at every attempt, so a test may change them. */
    private readonly urls: () => string[],
    private readonly options: RetryOptions = {},
  ) {}

  /** POSTs `/api/v1{path}` as `user` until answered; the outcome is recorded and returned. */
  async post(kind: string, user: LoadUser, path: string, body: unknown, key: string): Promise<Outcome> {
    const started = performance.now();
    const giveUpAt = started + (this.options.giveUpMs ?? 60_000);
    const start = this.turn++;
    for (let attempt = 0; ; attempt++) {
      const urls = this.urls();
      const base = urls[(start + attempt) % urls.length]!;
      let status = 0;
      let answer: unknown;
      try {
        const res = await fetch(`${base}/api/v1${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(this.options.attemptTimeoutMs ?? 15_000),
        });
        status = res.status;
        const text = await res.text();
        try {
          answer = text ? JSON.parse(text) : undefined;
        } catch {
          answer = text;
        }
      } catch {
        this.networkErrors++;
      }
      if (status >= 500) {
        this.serverErrors++;
        if (status === 500) this.internalErrors++;
        if (this.serverErrorSamples.length < 5) this.serverErrorSamples.push(`${kind} ${status} ${JSON.stringify(answer).slice(0, 200)}`);
      }
      const outcome: Outcome = {
        kind,
        uid: user.uid,
        key,
        status,
        body: answer,
        attempts: attempt + 1,
        latencyMs: performance.now() - started,
      };
      if (status >= 200 && status < 300) {
        this.acknowledged.push(outcome);
        return outcome;
      }
      if (status >= 400 && status < 500) {
        this.refused.push(outcome);
        return outcome;
      }
      if (performance.now() > giveUpAt) {
        this.lost.push(outcome);
        return outcome;
      }
      // Jittered exponential backoff, capped at 1 s: a restart takes seconds, not minutes.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(1_000, 50 * 2 ** attempt)));
    }
  }

  /** Acknowledged count and latency percentiles per kind of command. */
  summary(): Record<string, { acknowledged: number; refused: number; lost: number; p50: number; p99: number; retried: number }> {
    const kinds = new Set([...this.acknowledged, ...this.refused, ...this.lost].map((o) => o.kind));
    const out: ReturnType<RetryingClient['summary']> = {};
    for (const kind of [...kinds].sort()) {
      const ok = this.acknowledged.filter((o) => o.kind === kind);
      const latencies = ok.map((o) => o.latencyMs).sort((a, b) => a - b);
      out[kind] = {
        acknowledged: ok.length,
        refused: this.refused.filter((o) => o.kind === kind).length,
        lost: this.lost.filter((o) => o.kind === kind).length,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        retried: ok.filter((o) => o.attempts > 1).length,
      };
    }
    return out;
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface LobbyLoad {
  /** The host of every lobby (gifts go to them). */
  host: LoadUser;
  lobbyIds: string[];
  /** Members who send gifts and chat. */
  senders: LoadUser[];
  /** Users who join a lobby one after another while the rest goes on. */
  joiners: LoadUser[];
  /** Pause between one sender's gifts. */
  giftPauseMs: number;
  /** One sender's chat pace (the lobby allows 5 per 10 s per sender). */
  chatEveryMs: number;
  /** A tag in every key, so two runs on one database never share a key. */
  run: string;
}

/** Gifts, chat and joins into lobbies until `running()` turns false; resolves once the last
 * command in flight is answered. */
export async function lobbyTraffic(client: RetryingClient, load: LobbyLoad, running: () => boolean): Promise<void> {
  const lobbyOf = (n: number) => load.lobbyIds[n % load.lobbyIds.length]!;
  const gifts = load.senders.map(async (sender, s) => {
    for (let n = 0; running(); n++) {
      const lobbyId = lobbyOf(s + n);
      await client.post(
        'send-gift',
        sender,
        '/gifting/send-gift',
        { giftName: 'rose', quantity: 1, recipients: [load.host.uid], lobbyId },
        `${load.run}-gift-${s}-${n}`,
      );
      await pause(load.giftPauseMs * (0.5 + Math.random()));
    }
  });
  const chats = load.senders.map(async (sender, s) => {
    await pause(Math.random() * load.chatEveryMs);
    for (let n = 0; running(); n++) {
      const key = `${load.run}-chat-${s}-${n}`;
      const sent = performance.now();
      await client.post('lobby-chat', sender, `/lobbies/${lobbyOf(s + n)}/chat`, { payload: { body: key } }, key);
      await pause(Math.max(0, load.chatEveryMs - (performance.now() - sent)));
    }
  });
  let nextJoiner = 0;
  const joins = [0, 1].map(async () => {
    while (running() && nextJoiner < load.joiners.length) {
      const j = nextJoiner++;
      await client.post('lobby-join', load.joiners[j]!, `/lobbies/${lobbyOf(j)}/join`, {}, `${load.run}-join-${j}`);
      await pause(150);
    }
  });
  await Promise.all([...gifts, ...chats, ...joins]);
}
