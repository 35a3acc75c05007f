// Given events, when a command, then events or a refusal: the one shape of every decider spec (the
// idea of Emmett's DeciderSpecification, in our own few lines). The decider under test is the real
// one; only the events it is given and the command are made up. A refusal is checked by its code
// and its text, since the text is what the user reads.
import type { ErrorCode } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { expect } from 'vitest';

/** What a spec needs of a decider: a fold and a decision (the command-api's `Decider` has both). The
 * given events may be wider than the decided ones: a stream can hold other modules' events too. */
export interface SpecifiedDecider<State, Command, Event extends Given, Given = Event> {
  initialState: () => State;
  evolve: (state: State, event: Given) => State;
  decide: (command: Command, state: State) => Event[];
}

export interface DeciderOutcome<State, Event> {
  /** Exactly these events are decided, in this order. */
  then(expected: Event[]): void;
  /** Nothing is decided: a retried command, or one that changes nothing. */
  thenNothing(): void;
  /** The command is refused with this code and this text (a RegExp when the text holds a value). */
  thenThrows(code: ErrorCode, text: string | RegExp): void;
  /** The decided events, for a check `then` cannot state (a drawn number, part of the data). */
  decided(): Event[];
  /** The state after the decided events, for a check on what the stream now holds. */
  stateAfter(): State;
}

export interface DeciderGiven<State, Command, Event> {
  /** The state the given events fold to. */
  state: State;
  when(command: Command): DeciderOutcome<State, Event>;
}

export const DeciderSpecification = {
  /** `const given = DeciderSpecification.for(decider)`, then `given(...events).when(command).then([...])`. */
  for<State, Command, Event extends Given, Given = Event>(decider: SpecifiedDecider<State, Command, Event, Given>) {
    return (...events: Given[]): DeciderGiven<State, Command, Event> => {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        state,
        when(command) {
          const decided = () => decider.decide(command, state);
          return {
            then: (expected) => expect(decided()).toEqual(expected),
            thenNothing: () => expect(decided()).toEqual([]),
            thenThrows(code, text) {
              let refusal: unknown = null;
              let events: Event[] | null = null;
              try {
                events = decided();
              } catch (error) {
                refusal = error;
              }
              expect(events, 'expected a refusal, but the command was decided').toBeNull();
              expect(refusal).toBeInstanceOf(ApiError);
              const { code: actualCode, message } = refusal as ApiError;
              expect({ code: actualCode, text: message }).toEqual({
                code,
                text: typeof text === 'string' ? text : expect.stringMatching(text),
              });
            },
            decided,
            stateAfter: () => decided().reduce(decider.evolve, state),
          };
        },
      };
    };
  },
};
