import { describe, expect, it } from 'vitest';
import { countdown, insideMiniApp, tabOf, tabPath } from './miniAppTabs.ts';

describe('mini-app tabs', () => {
  it('reads the tab from the query, home by default', () => {
    expect(tabOf('?tab=earn')).toBe('earn');
    expect(tabOf('?tab=nope')).toBe('home');
    expect(tabOf('')).toBe('home');
    expect(tabPath('home')).toBe('/mini-app');
    expect(tabPath('top')).toBe('/mini-app?tab=top');
  });
  it('counts down to the next claim', () => {
    expect(countdown(86_400_000, 0)).toBe('24:00:00');
    expect(countdown(3_661_500, 0)).toBe('01:01:01');
    expect(countdown(0, 5000)).toBe('00:00:00');
  });
  it('keeps lobby links inside the mini-app', () => {
    expect(insideMiniApp('/lobby/abc?invite=x')).toBe('/mini-app/lobby/abc?invite=x');
    expect(insideMiniApp('/lobby/settings')).toBe('/lobby/settings');
    expect(insideMiniApp('/wallet')).toBe('/wallet');
  });
});
