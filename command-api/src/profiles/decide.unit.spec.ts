// Profile decider: given events, when UpdateProfile, then events or a refusal.
import { texts } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { ageOn, profileDecider } from './decide.ts';
import type { ProfileEvent } from './profiles.ts';

const now = new Date('2026-11-22T10:00:00Z');
const given = (events: Array<{ type: string; data: Record<string, unknown> }>) =>
  events.reduce(
    profileDecider.evolve as (
      s: ReturnType<typeof profileDecider.initialState>,
      e: unknown,
    ) => ReturnType<typeof profileDecider.initialState>,
    profileDecider.initialState(),
  );
const renamed = (username: string, changedAt: string): ProfileEvent => ({
  type: 'UsernameChanged',
  data: { uid: 'u', username, previous: null, changedAt },
});

describe('profile decider', () => {
  it('records a username change and the changed fields only', () => {
    const state = given([{ type: 'UserRegistered', data: { uid: 'u', username: 'guest123' } }]);
    const events = profileDecider.decide({ type: 'UpdateProfile', uid: 'u', now, body: { username: 'neo', bio: 'hi' } }, state);
    expect(events).toEqual([
      { type: 'UsernameChanged', data: { uid: 'u', username: 'neo', previous: 'guest123', changedAt: now.toISOString() } },
      { type: 'ProfileDetailsUpdated', data: { uid: 'u', changes: { bio: 'hi' }, updatedAt: now.toISOString() } },
    ]);
  });

  it('counts changes per calendar month: the 4th in November is refused, October ones do not count', () => {
    const october = given([
      renamed('name1', '2026-10-30T00:00:00Z'),
      renamed('name2', '2026-11-01T00:00:00Z'),
      renamed('name3', '2026-11-02T00:00:00Z'),
    ]);
    expect(profileDecider.decide({ type: 'UpdateProfile', uid: 'u', now, body: { username: 'name4' } }, october)).toHaveLength(1);
    const full = given([
      renamed('name1', '2026-11-01T00:00:00Z'),
      renamed('name2', '2026-11-02T00:00:00Z'),
      renamed('name3', '2026-11-03T00:00:00Z'),
    ]);
    expect(() => profileDecider.decide({ type: 'UpdateProfile', uid: 'u', now, body: { username: 'name4' } }, full)).toThrow(
      texts.nameChangeLimit,
    );
    // Saving the same name again is no change and never refused.
    expect(profileDecider.decide({ type: 'UpdateProfile', uid: 'u', now, body: { username: 'name3' } }, full)).toEqual([]);
  });

  it('refuses symbols and emojis, a birthday under 18, and long bios', () => {
    const state = profileDecider.initialState();
    expect(() => profileDecider.decide({ type: 'UpdateProfile', uid: 'u', now, body: { username: 'a-b' } }, state)).toThrow(
      texts.noSymbols,
    );
    expect(() => profileDecider.decide({ type: 'UpdateProfile', uid: 'u', now, body: { username: 'ab🙂c' } }, state)).toThrow(
      texts.noSymbols,
    );
    expect(() => profileDecider.decide({ type: 'UpdateProfile', uid: 'u', now, body: { birthday: '2008-11-23' } }, state)).toThrow(
      texts.minAge,
    );
    expect(profileDecider.decide({ type: 'UpdateProfile', uid: 'u', now, body: { birthday: '2008-11-22' } }, state)).toHaveLength(1);
    expect(() => profileDecider.decide({ type: 'UpdateProfile', uid: 'u', now, body: { pinnedMessage: 'x'.repeat(121) } }, state)).toThrow(
      '120',
    );
  });

  it('computes age in whole years', () => {
    expect(ageOn('2000-11-22', now)).toBe(26);
    expect(ageOn('2000-11-23', now)).toBe(25);
  });
});
