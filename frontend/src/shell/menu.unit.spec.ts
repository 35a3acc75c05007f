import { describe, expect, it } from 'vitest';
import { sideMenu, visibleEntries } from './menu.ts';

describe('side menu', () => {
  it("shows Guild to the agency role only, and the spec's entries to everyone", () => {
    const labels = (roles: string[]) => visibleEntries(sideMenu, roles).map((e) => e.label);
    expect(labels(['co'])).toEqual(['Home', 'Community', 'Wallet', 'Messages', 'Quests', 'Leaderboards', 'Interact to Earn', 'My Collections', 'Refer and Earn', 'Help Center']);
    expect(labels(['co', 'ag'])).toContain('Guild');
    expect(labels(['co', 'ag'])).not.toContain('Console');
    expect(labels(['co', 'ad'])).toContain('Console');
    expect(labels(['co', 'dev'])).toContain('Console');
  });
});
