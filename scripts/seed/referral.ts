// Demo referral chain and agency: admin refers aria, aria refers ben (both by `connect`, with the
// confirmation); admin and aria bind payout wallets; agency 'nova' (the nova account, role ag) with
// aria on its roster at 30/70; ben tops up in the sandbox and sends aria a gift, so the referral
// rewards, a gift receipt and the global leaderboards have something to show.
import type { SeedContext } from './context.ts';

export async function seedReferral(ctx: SeedContext): Promise<void> {
  const known = (ctx.shared.users ?? {}) as Record<string, string>;
  const lobbies = (ctx.shared.lobbies ?? {}) as Record<string, string>;
  const uid = (key: string) => known[key] ?? `demo-${key}`;
  const token = {
    admin: await ctx.tokenFor(uid('admin'), ['ad', 'dev']),
    aria: await ctx.tokenFor(uid('aria'), ['h', 'cr']),
    ben: await ctx.tokenFor(uid('ben'), ['co']),
    nova: await ctx.tokenFor(uid('nova'), ['ag']),
  };
  const step = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      console.warn(`demo referral: ${what} skipped: ${(error as Error).message}`);
    }
  };

  const adminLink = await ctx.post('/referral/me/link', token.admin);
  const ariaLink = await ctx.post('/referral/create-link', token.aria, { code: 'ARIAVOICE' });
  await ctx.post('/referral/validate-referrer', token.aria, { code: adminLink.code });
  await ctx.post('/referral/connect', token.aria, { code: adminLink.code, confirmed: true });
  await ctx.post('/referral/connect', token.ben, { code: ariaLink.code, confirmed: true });
  await ctx.post('/referral/add-wallet', token.admin, { address: '0x00000000000000000000000000000000000a11ce', chainId: 137 });
  await ctx.post('/referral/add-wallet', token.aria, { address: '0x000000000000000000000000000000000000a71a', chainId: 137 });

  await ctx.post('/guild/agencies', token.nova, { agencyId: 'nova', name: 'Nova Talent', guildSharePct: 30, hostSharePct: 70 });
  // Aria joins Nova by accepting its invitation (an agency cannot put anyone on its roster alone).
  await ctx.post('/guild/agencies/nova/invitations', token.nova, { hostUid: uid('aria') });
  await ctx.post('/guild/invitations/nova/accept', token.aria, {});

  await step('a sandbox top-up', () => ctx.post('/payment/topup/pay', token.ben, { channelCode: 'sandbox', value: 50 }));
  if (lobbies.chatting) {
    await step('a gift', () =>
      ctx.post('/gifting/send-gift', token.ben, { giftName: 'heart', quantity: 10, recipients: [uid('aria')], lobbyId: lobbies.chatting }),
    );
  }
}
