// Who may take part in a lobby's or room's voice and video, from the lobbies module's read models:
// members only (public or private lobby alike: media follows the join, as Agora tokens do); in a
// lobby seated members (host and co-hosts) publish audio and the main host video (spec section 1); in a room and in a booked session both people talk.
import type { MediaScope } from '@murmur/contracts';
import type pg from 'pg';

export interface MediaRights {
  audio: boolean;
  video: boolean;
}

/** A join or a seat a moment old may not be projected yet: look again briefly before saying no. */
const RETRY_MS = 150;

const openLobby = `('waiting', 'started')`;

export class MediaRightsReader {
  constructor(private readonly pool: pg.Pool) {}

  /** null: not a member of this open lobby or room (or it does not exist). */
  async rightsOf(scope: MediaScope, id: string, uid: string, wanted?: (r: MediaRights) => boolean, patienceMs = 1_500): Promise<MediaRights | null> {
    const deadline = Date.now() + patienceMs;
    for (;;) {
      const rights = await this.load(scope, id, uid);
      if ((rights && (!wanted || wanted(rights))) || Date.now() >= deadline) return rights;
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }

  private async load(scope: MediaScope, id: string, uid: string): Promise<MediaRights | null> {
    try {
      if (scope === 'lobby') {
        const { rows } = await this.pool.query<{ role: string; seat: number | null }>(
          `select m.role, m.seat from rm.lobby_members m join rm.lobbies l on l.lobby_id = m.lobby_id
            where m.lobby_id = $1 and m.uid = $2 and m.left_at is null and l.status in ${openLobby}`,
          [id, uid],
        );
        const row = rows[0];
        if (!row) return null;
        return { audio: row.seat !== null, video: row.seat !== null && row.role === 'host' };
      }
      if (scope === 'booking') {
        // A booked session's room: its host and its buyer, while it is live (opened, not yet ended).
        const { rows } = await this.pool.query<{ ok: boolean }>(
          `select true as ok from rm.bookings where booking_id = $1 and status = 'live' and (host_uid = $2 or buyer_uid = $2)`,
          [id, uid],
        );
        return rows[0]?.ok ? { audio: true, video: false } : null;
      }
      const { rows } = await this.pool.query<{ member: boolean }>(
        `select exists (select 1 from rm.room_members m where m.room_id = r.room_id and m.uid = $2 and m.left_at is null)
                or r.host_uid = $2 as member
           from rm.rooms r where r.room_id = $1 and r.status in ${openLobby}`,
        [id, uid],
      );
      return rows[0]?.member ? { audio: true, video: false } : null;
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') return null;
      throw error;
    }
  }
}
