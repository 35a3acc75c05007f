// Limits per socket, per account and per client address, so one client cannot take the gateway:
// messages in a 10-second window, and open sockets per account and per address.
import { trustProxySetting } from '@murmur/platform';
import type http from 'node:http';
import proxyaddr from 'proxy-addr';

/** The client's address: X-Forwarded-For is believed only from the hops TRUST_PROXY names. */
export function clientAddressResolver(trustProxy: string | undefined): (req: http.IncomingMessage) => string {
  const setting = trustProxySetting(trustProxy);
  const trust =
    typeof setting === 'number'
      ? (_addr: string, hop: number) => hop < setting
      : typeof setting === 'boolean'
        ? () => setting
        : proxyaddr.compile(setting.split(',').map((s) => s.trim()));
  return (req) => proxyaddr(req, trust);
}

/** Counts open sockets per key; `take` refuses past the cap. */
export class OpenCounter {
  private readonly open = new Map<string, number>();

  constructor(private readonly cap: number) {}

  take(key: string): boolean {
    const n = this.open.get(key) ?? 0;
    if (n >= this.cap) return false;
    this.open.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = (this.open.get(key) ?? 1) - 1;
    if (n <= 0) this.open.delete(key);
    else this.open.set(key, n);
  }
}

/** A socket's message budget in fixed 10-second windows. */
export class MessageBudget {
  private windowStart = 0;
  private used = 0;

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = 10_000,
  ) {}

  /** 'ok' within the budget, 'drop' past it, 'close' past twice it. */
  spend(now: number): 'ok' | 'drop' | 'close' {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    this.used++;
    if (this.used <= this.perWindow) return 'ok';
    return this.used > 2 * this.perWindow ? 'close' : 'drop';
  }

  /** True once per window, when the first message over the budget is dropped (tell the client once). */
  get justExceeded(): boolean {
    return this.used === this.perWindow + 1;
  }
}
