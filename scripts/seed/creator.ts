// The demo creator's offer through the real commands: aria (host and creator) asks a monthly
// subscription price and lists two services to book, so a new account can subscribe to her and book
// a session in the demo. Her own actions, with her own token: nothing here needs an operator.
import type { ListServiceBody } from '@murmur/contracts';
import type { SeedContext } from './context.ts';

const services = [
  { title: 'Voice coaching', minutes: 15, price: 200 },
  { title: 'Late night talk, one to one', minutes: 30, price: 450 },
] as const satisfies readonly ListServiceBody[];

/** What the demo creator offers; the demo's browser test reads it from here. */
export const demoCreatorOffer = { creator: 'aria', subscriptionPrice: 300, services } as const;

export async function seedCreator(ctx: SeedContext): Promise<void> {
  const users = (ctx.shared.users ?? {}) as Record<string, string>;
  const uid = users[demoCreatorOffer.creator] ?? `demo-${demoCreatorOffer.creator}`;
  const token = await ctx.tokenFor(uid, ['h', 'cr']);
  await ctx.post('/user/subscription/price', token, { price: demoCreatorOffer.subscriptionPrice });
  for (const service of demoCreatorOffer.services) await ctx.post('/user/services', token, service);
}
