// Once per period across two streams (the claim on `user-{uid}`, the diamonds on `wallet-{uid}`):
// ten parallel daily claims from one Telegram account pay exactly once, and exactly one request
// says so. Over the real HTTP server and PostgreSQL; the ledger audit stays green.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityTexts } from '@murmur/contracts';
import { sign } from '@tma.js/init-data-node';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';

const BOT_TOKEN = '123456789:test-bot-token-for-claims';
let stack: IdentityStack;

beforeAll(async () => {
  stack = await startIdentityStack({ TELEGRAM_BOT_TOKEN: BOT_TOKEN });
});
afterAll(async () => stack?.stop());

const count = async (streamId: string, type: string) =>
  (await stack.db.pool.query<{ n: number }>('select count(*)::int as n from events where stream_id = $1 and type = $2', [streamId, type]))
    .rows[0]!.n;

describe('Telegram daily claim under concurrency', () => {
  it('ten parallel claims: one credit of 10 diamonds, one 200, nine refusals; again after the interval', async () => {
    const initData = sign({ user: { id: 778001, first_name: 'Para' }, query_id: 'AAF' } as never, BOT_TOKEN, new Date());
    const login = await stack.api('/auth/login-via-telegram', { method: 'POST', body: { initData } });
    expect(login.status).toBe(200);
    const { uid } = login.body;
    const token = await stack.onboard(login.body.token);

    const claims = await Promise.all(Array.from({ length: 10 }, () => stack.api('/claim/tg', { method: 'POST', token })));
    expect(claims.map((c) => c.status).sort()).toEqual([200, ...Array(9).fill(422)]);
    for (const refused of claims.filter((c) => c.status === 422)) expect(refused.body.error.message).toBe(identityTexts.alreadyClaimed);
    expect(claims.find((c) => c.status === 200)!.body).toMatchObject({ amount: 10, balance: 10 });
    expect(await count(`wallet-${uid}`, 'DiamondsCredited')).toBe(1);
    expect(await count(`user-${uid}`, 'TelegramDailyClaimed')).toBe(1);

    stack.clock.advance(86_401);
    const tomorrow = await Promise.all(Array.from({ length: 10 }, () => stack.api('/claim/tg', { method: 'POST', token })));
    expect(tomorrow.filter((c) => c.status === 200)).toHaveLength(1);
    expect(await count(`wallet-${uid}`, 'DiamondsCredited')).toBe(2);
    expect(await count(`user-${uid}`, 'TelegramDailyClaimed')).toBe(2);

    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
  });
});
