// Demo data for `npm start`, loaded once into an empty database. Each module adds a seeder here;
// seeders go through the real command API so the demo's events are the real ones.
import type { SeedContext } from './context.ts';
import { seedReferral } from './referral.ts';
import { seedLobbies } from './lobbies.ts';
import { seedIdentity } from './identity.ts';
import { seedSocial } from './social.ts';
import { seedMoney } from './money.ts';
import { seedProgression } from './progression.ts';
import { seedCreator } from './creator.ts';

export const seeders: Array<{ name: string; run: (ctx: SeedContext) => Promise<void> }> = [
  // First: later seeders read ctx.shared.users.
  { name: 'identity', run: seedIdentity },
  // Before gifting and money seeders, which read ctx.shared.lobbies.
  { name: 'lobbies', run: seedLobbies },
  { name: 'social', run: seedSocial },
  // After identity: the creator's subscription price and services.
  { name: 'creator', run: seedCreator },
  { name: 'referral', run: seedReferral },
  // After identity and lobbies: gifts go to the demo lobby's host.
  { name: 'money', run: seedMoney },
  // Last: claims read the progress the gifts above made.
  { name: 'progression', run: seedProgression },
];
