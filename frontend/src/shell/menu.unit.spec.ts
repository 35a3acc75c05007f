import { describe, expect, it } from 'vitest';
import { sideMenu, visibleEntries } from './menu.ts';

describe('side menu', () => {
  it("shows Guild to the agency role only, and the spec's entries to everyone", () => {
    const labels = (roles: string[]) => visibleEntries(sideMenu, roles).map((e) => e.label);
    expect(labels(['co'])).toEqual([
      'Home',
      'Community',
      'Wallet',
      'Messages',
      'Quests',
      'Leaderboards',
      'Interact to Earn',
      'My Collections',
      'Refer and Earn',
      'Inventory',
      'Web3 Wallet',
      'Mission Center',
      'EXP for Friends',
      'Fragments',
      'Account',
      'Help Center',
    ]);
    expect(labels(['co', 'ag'])).toContain('Guild');
    expect(labels(['co', 'ag'])).not.toContain('Console');
    expect(labels(['co', 'ad'])).toContain('Console');
    expect(labels(['co', 'dev'])).toContain('Console');
    expect(labels(['co', 'au'])).toContain('Console');
    expect(labels(['co', 'cr'])).not.toContain('Console');
  });

  it("holds every key the spec's side menu names, each once", () => {
    const keys = sideMenu.map((e) => e.key);
    for (const key of [
      'home',
      'community',
      'wallet',
      'messages',
      'quests',
      'my-collections',
      'referral',
      'help-center',
      'inventory',
      'web3-wallet',
      'interact-to-earn',
      'guild',
      'mission-center',
      'exp-frens-token',
      'fragments',
      'account',
    ]) {
      expect(keys).toContain(key);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});
