// Who may take part in a lobby's, room's or booked session's voice and video: members only (public or
// private lobby alike: media follows the join, as Agora tokens do). In a lobby seated members (host
// and co-hosts) publish audio and the main host video (docs/decisions/media.md), decided on the lobby's own
// stream (lobby-stage.ts); in a room and in a booked session both people talk, from the read models
// (nothing there changes who talks until someone leaves, which the gateway sees as an event).
import type { MediaScope } from '@murmur/contracts';
import type pg from 'pg';
import { inLiveBooking } from '@murmur/projections/queries/bookings';
import { inOpenRoom } from '@murmur/projections/queries/rooms';
import type { LobbyStages, MediaRights } from './lobby-stage.ts';

export type { MediaRights };

/** A room or booking a moment old may not be projected yet: look again briefly before saying no. */
const RETRY_MS = 150;

export class MediaRightsReader {
  constructor(
    private readonly pool: pg.Pool,
    readonly stages: LobbyStages,
  ) {}

  /** null: not a member of this open lobby or room (or it does not exist). A room or booking a
   * moment old may not be projected yet: `patienceMs` looks again before saying no. */
  async rightsOf(scope: MediaScope, id: string, uid: string, patienceMs = 1_500): Promise<MediaRights | null> {
    if (scope === 'lobby') return (await this.stages.current(id)).rightsOf(uid);
    const deadline = Date.now() + patienceMs;
    for (;;) {
      const rights = await this.load(scope, id, uid);
      if (rights || Date.now() >= deadline) return rights;
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }

  private async load(scope: Exclude<MediaScope, 'lobby'>, id: string, uid: string): Promise<MediaRights | null> {
    try {
      if (scope === 'booking') {
        // A booked session's room: its host and its buyer, while it is live (opened, not yet ended).
        return (await inLiveBooking(this.pool, id, uid)) ? { audio: true, video: false } : null;
      }
      return (await inOpenRoom(this.pool, id, uid)) ? { audio: true, video: false } : null;
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') return null;
      throw error;
    }
  }
}
