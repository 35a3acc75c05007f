// Identity test helpers: a stack whose mail goes to a real SMTP server in the test, a clock the test
// can move, and sign-in through the real routes (an e-mail code read from that SMTP server).
import type { Clock } from '../command-api/src/dependencies.ts';
import { startDevSmtpServer, type DevSmtpServer } from '../command-api/src/identity/dev-smtp.ts';
import { createIdentityRuntime } from '../command-api/src/identity/runtime.ts';
import type { IdentityConfig } from '../command-api/src/identity/config.ts';
import { startTestStack, type TestStack } from './stack.ts';

export class MovableClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

export interface IdentityStack extends TestStack {
  smtp: DevSmtpServer;
  clock: MovableClock;
  /** Requests a code, reads it from the SMTP server, signs in; answers the auth state and refresh cookie.
   * Unless `onboard: false` the terms step is done too and `body.token` is the token that may act. */
  signInWithEmail(
    email: string,
    extra?: Record<string, unknown>,
    token?: string,
    options?: { onboard?: boolean },
  ): Promise<{ body: any; refreshCookie: string }>;
  /** Finishes the terms step (18+) and returns the token that says so. */
  onboard(token: string): Promise<string>;
  /** Requests a code and returns it as read from the mail. */
  emailCode(email: string): Promise<string>;
  /** GET with X-Min-Position, asked again while the answer is stale (a busy machine may lag past the wait). */
  readAfter(path: string, token: string, position: string): Promise<{ status: number; body: any; headers: Headers }>;
}

export const refreshCookieOf = (headers: Headers): string => {
  const line = headers.getSetCookie().find((c) => c.startsWith('murmur_refresh='));
  return line ? line.slice('murmur_refresh='.length).split(';')[0]! : '';
};

export async function startIdentityStack(settings: Partial<Record<keyof IdentityConfig, string>> = {}): Promise<IdentityStack> {
  const smtp = await startDevSmtpServer();
  const clock = new MovableClock();
  const identity = createIdentityRuntime({ NODE_ENV: 'test', MURMUR_DEMO: 'on', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...settings });
  const stack = await startTestStack({ commandOverrides: { identity, clock } });
  const emailCode = async (email: string) => {
    const mail = smtp.waitFor(email);
    // Each request from its own documentation address (RFC 5737), so the per-sender cap never trips here.
    const sender = `203.0.113.${Math.floor(Math.random() * 254) + 1}`;
    const res = await stack.api('/auth/otp', { method: 'POST', body: { email }, headers: { 'x-forwarded-for': sender } });
    if (res.status !== 200) throw new Error(`auth/otp answered ${res.status}: ${JSON.stringify(res.body)}`);
    const code = /\b(\d{6})\b/.exec((await mail).text)?.[1];
    if (!code) throw new Error('no code in the mail');
    return code;
  };
  const onboard = async (token: string) => {
    const res = await stack.api('/user/onboarding', { method: 'POST', token, body: { acceptTerms: true, birthday: '1990-01-01' } });
    if (res.status !== 200) throw new Error(`user/onboarding answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };
  return {
    ...stack,
    async readAfter(path, token, position) {
      for (let attempt = 0; ; attempt++) {
        const res = await stack.api(path, { token, headers: { 'x-min-position': position } });
        if (res.headers.get('x-stale') !== 'true' || attempt >= 5) return res;
      }
    },
    smtp,
    clock,
    emailCode,
    async signInWithEmail(email, extra = {}, token, options = {}) {
      const code = await emailCode(email);
      const res = await stack.api('/auth/login', {
        method: 'POST',
        token,
        body: { credentials: { type: 'email', email, code }, ...extra },
      });
      if (res.status !== 200) throw new Error(`auth/login answered ${res.status}: ${JSON.stringify(res.body)}`);
      const body = res.body;
      if (options.onboard !== false && !body.hasFinishedOnboarding) body.token = await onboard(body.token);
      return { body, refreshCookie: refreshCookieOf(res.headers) };
    },
    onboard,
    async stop() {
      await stack.stop();
      await smtp.close();
    },
  };
}
