// Demo money through the real commands: diamonds for the demo users (console grants by the demo
// operator, within the amount one admin may grant alone, and sandbox top-ups), gifts to the host of the demo lobby, a frame and VIP bought, a payout wallet listed.
import type { SeedContext } from './context.ts';

export async function seedMoney(ctx: SeedContext): Promise<void> {
  const users = (ctx.shared.users ?? {}) as Record<string, string>;
  const lobbies = (ctx.shared.lobbies ?? {}) as Record<string, string>;
  const uid = (key: string) => users[key] ?? `demo-${key}`;
  // The demo operator, not the demo admin: a grant to one's own account needs a second admin.
  const operator = await ctx.tokenFor('demo-operator', ['ad']);
  const token = {
    aria: await ctx.tokenFor(uid('aria'), ['h', 'cr']),
    ben: await ctx.tokenFor(uid('ben')),
    nova: await ctx.tokenFor(uid('nova'), ['ag']),
  };

  // Nova keeps the first top-up offer for the demo; the others top up through the sandbox.
  for (const key of ['aria', 'ben', 'nova', 'admin'])
    await ctx.post('/console/grants', operator, { uid: uid(key), amount: 5000, reason: 'Demo diamonds' });
  await ctx.post('/payment/topup/pay', token.ben, { channelCode: 'sandbox', value: 100 });
  await ctx.post('/payment/topup/pay', token.aria, { channelCode: 'sandbox', value: 100 });

  const lobbyId = lobbies.chatting;
  const gift = (from: 'ben' | 'nova', giftName: string, quantity: number, recipients: string[]) =>
    ctx.post('/gifting/send-gift', token[from], { giftName, quantity, recipients, ...(lobbyId ? { lobbyId } : {}) });
  await gift('ben', 'rose', 10, [uid('aria')]);
  await gift('ben', 'crown', 1, [uid('aria')]);
  await gift('nova', 'heart', 10, [uid('aria')]);
  await gift('ben', 'rocket', 1, [uid('aria')]);

  await ctx.post('/payment/purchase', token.ben, { skuId: 'frame-gold' });
  await ctx.post('/payment/purchase', token.aria, { skuId: 'vip-year' });
  await ctx.post('/wallet/blockchain', token.aria, {
    name: 'Payout wallet',
    address: '0x2546BcD3c84621e976D8185a91A922aE77ECEc30',
    chain: 'ethereum',
  });
}
