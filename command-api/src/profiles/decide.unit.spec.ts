// Profile decider: given events, when UpdateProfile, then events or a refusal.
import { texts } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { ageOn, profileDecider } from './decide.ts';
import { evolveProfile, type ProfileEvent } from './profiles.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const now = new Date('2026-11-22T10:00:00Z');
const at = now.toISOString();
// The `user-{uid}` stream holds identity's registration too: its first username is folded.
const given = DeciderSpecification.for({ ...profileDecider, evolve: evolveProfile });
const renamed = (username: string, changedAt: string, previous: string | null = null): ProfileEvent => ({
  type: 'UsernameChanged',
  data: { uid: 'u', username, previous, changedAt },
});
const update = (body: Extract<Parameters<typeof profileDecider.decide>[0], { type: 'UpdateProfile' }>['body']) =>
  ({ type: 'UpdateProfile', uid: 'u', now, body }) as const;

describe('profile decider', () => {
  it('records a username change and the changed fields only', () => {
    given({ type: 'UserRegistered', data: { uid: 'u', username: 'guest123' } })
      .when(update({ username: 'neo', bio: 'hi' }))
      .then([renamed('neo', at, 'guest123'), { type: 'ProfileDetailsUpdated', data: { uid: 'u', changes: { bio: 'hi' }, updatedAt: at } }]);
  });

  it('counts changes per calendar month: the 4th in November is refused, October ones do not count', () => {
    given(renamed('name1', '2026-10-30T00:00:00Z'), renamed('name2', '2026-11-01T00:00:00Z'), renamed('name3', '2026-11-02T00:00:00Z'))
      .when(update({ username: 'name4' }))
      .then([renamed('name4', at, 'name3')]);
    const full = [
      renamed('name1', '2026-11-01T00:00:00Z'),
      renamed('name2', '2026-11-02T00:00:00Z'),
      renamed('name3', '2026-11-03T00:00:00Z'),
    ];
    given(...full)
      .when(update({ username: 'name4' }))
      .thenThrows('RULE_VIOLATED', texts.nameChangeLimit);
    // Saving the same name again is no change and never refused.
    given(...full)
      .when(update({ username: 'name3' }))
      .thenNothing();
  });

  it('refuses symbols and emojis, a birthday under 18, and long bios', () => {
    given()
      .when(update({ username: 'a-b' }))
      .thenThrows('VALIDATION_FAILED', texts.noSymbols);
    given()
      .when(update({ username: 'ab🙂c' }))
      .thenThrows('VALIDATION_FAILED', texts.noSymbols);
    given()
      .when(update({ birthday: '2008-11-23' }))
      .thenThrows('VALIDATION_FAILED', texts.minAge);
    given()
      .when(update({ birthday: '2008-11-22' }))
      .then([{ type: 'ProfileDetailsUpdated', data: { uid: 'u', changes: { birthday: '2008-11-22' }, updatedAt: at } }]);
    given()
      .when(update({ pinnedMessage: 'x'.repeat(121) }))
      .thenThrows('VALIDATION_FAILED', 'This field must not be more than 120 characters.');
  });

  it('computes age in whole years', () => {
    expect(ageOn('2000-11-22', now)).toBe(26);
    expect(ageOn('2000-11-23', now)).toBe(25);
  });
});
