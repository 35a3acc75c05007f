// The shared decider specification fails when a decider does anything but what the spec states:
// other events, no refusal, or a refusal with another code or text. A spec helper that cannot
// fail would make every decider spec pass.
import { ApiError } from '@murmur/platform';
import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

type Counted = { type: 'Counted'; data: { by: number } };
type Count = { type: 'Count'; by: number };
/** A counter that refuses to go past 3: small enough to see every outcome. */
const counter = {
  initialState: () => 0,
  evolve: (total: number, event: Counted) => total + event.data.by,
  decide: (command: Count, total: number): Counted[] => {
    if (command.by === 0) return [];
    if (total + command.by > 3) throw new ApiError('RULE_VIOLATED', `At most 3; this would make ${total + command.by}.`);
    return [{ type: 'Counted', data: { by: command.by } }];
  },
};
const given = DeciderSpecification.for(counter);
const counted = (by: number): Counted => ({ type: 'Counted', data: { by } });

describe('DeciderSpecification', () => {
  it('folds the given events and passes when the decision is the one stated', () => {
    expect(given(counted(1), counted(1)).state).toBe(2);
    given(counted(1))
      .when({ type: 'Count', by: 2 })
      .then([counted(2)]);
    given().when({ type: 'Count', by: 0 }).thenNothing();
    given(counted(3)).when({ type: 'Count', by: 1 }).thenThrows('RULE_VIOLATED', 'At most 3; this would make 4.');
    given(counted(3))
      .when({ type: 'Count', by: 1 })
      .thenThrows('RULE_VIOLATED', /would make 4/);
    expect(given(counted(1)).when({ type: 'Count', by: 2 }).stateAfter()).toBe(3);
  });

  it('fails on other events, on no refusal, and on a refusal with another code or text', () => {
    expect(() =>
      given()
        .when({ type: 'Count', by: 2 })
        .then([counted(1)]),
    ).toThrow();
    expect(() => given().when({ type: 'Count', by: 2 }).thenNothing()).toThrow();
    expect(() => given().when({ type: 'Count', by: 1 }).thenThrows('RULE_VIOLATED', 'At most 3; this would make 1.')).toThrow(
      /expected a refusal/,
    );
    expect(() => given(counted(3)).when({ type: 'Count', by: 1 }).thenThrows('CONFLICT', 'At most 3; this would make 4.')).toThrow();
    expect(() => given(counted(3)).when({ type: 'Count', by: 1 }).thenThrows('RULE_VIOLATED', 'At most 3.')).toThrow();
    expect(() => given(counted(3)).when({ type: 'Count', by: 1 }).then([])).toThrow('At most 3; this would make 4.');
  });
});
