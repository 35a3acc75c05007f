// The decider core (Emmett / EventSourcing.NodeJS): read, fold, decide, append.
import type { JsonObject } from '@murmur/eventstore';

export interface DomainEvent<Type extends string = string, Data extends JsonObject = JsonObject> {
  type: Type;
  data: Data;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Pure: time, ids and prices come in on the command. Throws an ApiError to refuse. */
  decide: (command: Command, state: State) => Event[];
}
