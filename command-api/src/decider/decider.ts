// The decider core (Emmett / EventSourcing.NodeJS): read, fold, decide, append.
import type { JsonObject } from '@murmur/eventstore';

export interface DomainEvent<Type extends string = string, Data extends JsonObject = JsonObject> {
  type: Type;
  data: Data;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  /** The event types `evolve` folds, as the keys of an object (the module's schema map, or
   * `{ Type: true }` for part of one): a stream may hold other modules' events too (`user-{uid}`
   * holds identity and profile events), and those are skipped when the state is loaded. */
  evolvesOn: { readonly [T in Event['type']]: unknown };
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Pure: time, ids and prices come in on the command. Throws an ApiError to refuse. */
  decide: (command: Command, state: State) => Event[];
}

/** True when an event read from the log is one the decider folds. Its data is trusted as written:
 * the store checks every event against its registry schema on append (`validateEventData`). */
export function isDeciderEvent<Event extends DomainEvent>(decider: Pick<Decider<unknown, unknown, Event>, 'evolvesOn'>, event: DomainEvent): event is Event {
  return Object.hasOwn(decider.evolvesOn, event.type);
}
