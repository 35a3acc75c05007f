// The decider core (Emmett / EventSourcing.NodeJS): read, fold, decide, append.
import type { MurmurEvent } from '@murmur/contracts';
import type { EventMetadata, JsonObject, NewEvent, TestEventType } from '@murmur/eventstore';

/** An event as read from the log, of any type. */
export interface DomainEvent<Type extends string = string, Data extends JsonObject = JsonObject> {
  type: Type;
  data: Data;
}

/** What a decider decides, and so what the handler appends: an event of the registry with its own
 * type's data (the store's typed `append`), or a `Test...` event of the handler's own tests. */
export type DecidedEvent = MurmurEvent | DomainEvent<TestEventType>;

export interface Decider<State, Command, Event extends DecidedEvent> {
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
export function isDeciderEvent<Event extends DecidedEvent>(
  decider: Pick<Decider<unknown, unknown, Event>, 'evolvesOn'>,
  event: DomainEvent,
): event is Event {
  return Object.hasOwn(decider.evolvesOn, event.type);
}

/** Decided events as the store's typed `append` takes them, each carrying the command's metadata.
 * Through the union (not the decider's own event type), so each event keeps its type's data. */
export function toNewEvents(events: readonly DecidedEvent[], metadata: EventMetadata | undefined): NewEvent[] {
  return events.map((e) => ({ ...e, metadata }));
}
