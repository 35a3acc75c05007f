// Who may be heard and seen in a lobby's media, folded from the lobby's own stream (`lobby-{id}`)
// rather than a read model, which can be seconds behind under load: the members, who sits on which
// seat (seat 0 is the main host's), and whether the lobby is open. A seat gives audio, seat 0 video.
import { eventOf, streamCategoryOf, streamIds } from '@murmur/contracts';
import type { PostgresEventStore, RecordedEvent } from '@murmur/eventstore';

export interface MediaRights {
  audio: boolean;
  video: boolean;
}

const stageEvents = [
  'LobbyCreated',
  'LobbyJoined',
  'LobbyLeft',
  'LobbyUserKicked',
  'LobbyUserBlocked',
  'LobbyEnded',
  'MicGranted',
  'UserUnseated',
  'MainHostSwitched',
] as const;

/** One lobby's stage as of `version` of its stream. */
export class LobbyStage {
  version = 0n;
  private open = false;
  private readonly members = new Set<string>();
  private seats: Array<string | null> = [];

  /** Folds the next event of the stream (events of other types only move the version). */
  apply(event: Pick<RecordedEvent, 'type' | 'data' | 'streamVersion'>): void {
    this.version = event.streamVersion;
    const e = eventOf(event, stageEvents);
    if (!e) return;
    const vacate = (uid: string) => (this.seats = this.seats.map((u) => (u === uid ? null : u)));
    switch (e.type) {
      case 'LobbyCreated':
        this.open = true;
        this.members.clear();
        this.members.add(e.data.ownerUid);
        this.seats = Array.from({ length: e.data.seatCount }, (_, i) => (i === 0 ? e.data.ownerUid : null));
        return;
      case 'LobbyJoined':
        this.members.add(e.data.uid);
        return;
      case 'LobbyLeft':
      case 'LobbyUserKicked':
      case 'LobbyUserBlocked':
        this.members.delete(e.data.uid);
        vacate(e.data.uid);
        return;
      case 'LobbyEnded':
        this.open = false;
        this.members.clear();
        this.seats = this.seats.map(() => null);
        return;
      case 'MicGranted':
        vacate(e.data.uid);
        this.seats[e.data.seat] = e.data.uid;
        return;
      case 'UserUnseated':
        vacate(e.data.uid);
        return;
      case 'MainHostSwitched': {
        const { fromUid, fromUidSeat, toUid } = e.data;
        vacate(toUid);
        if (fromUid) {
          vacate(fromUid);
          if (fromUidSeat !== null) this.seats[fromUidSeat] = fromUid;
        }
        this.seats[0] = toUid;
        return;
      }
      default: {
        const exhaustive: never = e;
        return exhaustive;
      }
    }
  }

  /** null: not a member of this lobby while it is open. */
  rightsOf(uid: string): MediaRights | null {
    if (!this.open || !this.members.has(uid)) return null;
    const seat = this.seats.indexOf(uid);
    return { audio: seat >= 0, video: seat === 0 };
  }
}

// An id that cannot name a stream names no lobby.
const validId = /^[A-Za-z0-9_-]{1,64}$/;

/** The stages of the lobbies whose media is in use, each brought up to its stream's head before a
 * decision (one indexed read of the events after its version; reads of one lobby in flight together
 * are shared) and kept current between decisions by the events the gateway dispatches. */
export class LobbyStages {
  private readonly stages = new Map<string, LobbyStage>();
  private readonly reading = new Map<string, Promise<LobbyStage>>();

  constructor(private readonly store: Pick<PostgresEventStore, 'readStream'>) {}

  /** The stage as of its stream's head now. */
  async current(lobbyId: string): Promise<LobbyStage> {
    const inFlight = this.reading.get(lobbyId);
    if (inFlight) return inFlight;
    const read = this.catchUp(lobbyId).finally(() => this.reading.delete(lobbyId));
    this.reading.set(lobbyId, read);
    return read;
  }

  /** The stage as the gateway last saw it, without a read (null when not held). */
  held(lobbyId: string): LobbyStage | null {
    return this.stages.get(lobbyId) ?? null;
  }

  /** A dispatched event of a held lobby: folded when it is the next one, else the next decision reads. */
  onEvent(event: RecordedEvent): LobbyStage | null {
    const stream = streamCategoryOf(event.streamId);
    if (stream?.category !== 'lobby') return null;
    const stage = this.stages.get(stream.key);
    if (!stage || event.streamVersion !== stage.version + 1n) return null;
    stage.apply(event);
    return stage;
  }

  /** Forgets a lobby whose media nobody uses any more. */
  forget(lobbyId: string): void {
    this.stages.delete(lobbyId);
  }

  private async catchUp(lobbyId: string): Promise<LobbyStage> {
    let stage = this.stages.get(lobbyId);
    if (!stage) {
      stage = new LobbyStage();
      if (!validId.test(lobbyId)) return stage;
    }
    const { events } = await this.store.readStream(streamIds.lobby(lobbyId), { fromVersion: stage.version + 1n });
    for (const event of events) if (event.streamVersion === stage.version + 1n) stage.apply(event);
    this.stages.set(lobbyId, stage);
    return stage;
  }
}
