// The gallery: each user's processed profile uploads (not chat or lobby images), minus deleted items.
import { defineProjector, ident } from '../projector.ts';

export const galleryProjector = defineProjector({
  name: 'gallery',
  tables: ['gallery_items'],
  handles: ['MediaProcessed', 'GalleryItemDeleted', 'AccountDeleted'],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.gallery_items (
      file_name text primary key,
      uid text not null,
      format text not null,
      kind text not null,
      upload_type text not null,
      thumbnail text,
      created_at timestamptz not null,
      seq bigint not null
    )`);
    await client.query(
      `create index if not exists gallery_items_by_uid on ${s}.gallery_items (uid, seq desc) where upload_type = 'profile'`,
    );
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      if (e.type === 'MediaProcessed') {
        const d = e.data;
        await client.query(`insert into ${s}.gallery_items values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`, [
          d.fileName,
          d.uid,
          d.format,
          d.kind,
          d.uploadType,
          d.thumbnailFileName,
          d.processedAt,
          e.globalPosition.toString(),
        ]);
      } else if (e.type === 'AccountDeleted') {
        await client.query(`delete from ${s}.gallery_items where uid = $1`, [e.data.uid]);
      } else {
        const d = e.data;
        await client.query(`delete from ${s}.gallery_items where file_name = $1 and uid = $2`, [d.fileName, d.uid]);
      }
    }
  },
});
