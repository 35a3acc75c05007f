// Profiles: username, picture, bio and the other profile fields per user, from identity's
// registration and role events and the profiles module's edits on `user-{uid}`. Badges come from roles.
import { defineProjector, ident } from '../projector.ts';

export const profilesProjector = defineProjector({
  name: 'profiles',
  tables: ['profiles'],
  handles: ['UserRegistered', 'RoleGranted', 'RoleRevoked', 'UsernameChanged', 'ProfileDetailsUpdated', 'AccountDeleted'],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.profiles (
      uid text primary key,
      username text,
      email text,
      roles text[] not null default '{}',
      bio text,
      pinned_message text,
      birthday date,
      gender text,
      address jsonb,
      profile_pic text,
      profile_banner text,
      username_changes timestamptz[] not null default '{}',
      updated_at timestamptz not null default now()
    )`);
    // cms/users searches by username prefix, case-insensitively.
    await client.query(`create index if not exists profiles_username_prefix on ${s}.profiles (lower(username) text_pattern_ops)`);
  },
  async apply(events, { client, schema }) {
    const t = `${ident(schema)}.profiles`;
    for (const e of events) {
      const { type, data: d } = e;
      const uid = d.uid;
      await client.query(`insert into ${t} (uid) values ($1) on conflict do nothing`, [uid]);
      switch (type) {
        case 'UserRegistered':
          await client.query(
            `update ${t} set username = coalesce(username, $2), profile_pic = coalesce(profile_pic, $3), roles = $4, email = $5, updated_at = $6 where uid = $1`,
            [uid, d.username, d.profilePicUrl, d.roles, d.email, e.createdAt],
          );
          break;
        case 'RoleGranted':
        case 'RoleRevoked': {
          const roles = [d.role];
          const op =
            type === 'RoleGranted'
              ? `array(select distinct unnest(roles || $2::text[]))`
              : `array(select r from unnest(roles) r where r <> all($2::text[]))`;
          await client.query(`update ${t} set roles = ${op} where uid = $1`, [uid, roles]);
          break;
        }
        case 'UsernameChanged':
          await client.query(
            `update ${t} set username = $2, username_changes = username_changes || $3::timestamptz, updated_at = $3 where uid = $1`,
            [uid, d.username, d.changedAt],
          );
          break;
        case 'AccountDeleted':
          // The whole profile is personal data: e-mail, birthday, address, bio, pictures.
          await client.query(`delete from ${t} where uid = $1`, [d.uid]);
          break;
        case 'ProfileDetailsUpdated': {
          const c = d.changes;
          const columns: Array<[string, unknown]> = [];
          if ('bio' in c) columns.push(['bio', c.bio]);
          if ('pinnedMessage' in c) columns.push(['pinned_message', c.pinnedMessage]);
          if ('birthday' in c) columns.push(['birthday', c.birthday]);
          if ('gender' in c) columns.push(['gender', c.gender]);
          if ('address' in c) columns.push(['address', JSON.stringify(c.address)]);
          if ('profilePicUrl' in c) columns.push(['profile_pic', c.profilePicUrl]);
          if ('profileBannerUrl' in c) columns.push(['profile_banner', c.profileBannerUrl]);
          if (columns.length === 0) break;
          const sets = columns.map(([col], i) => `${col} = $${i + 2}`).join(', ');
          await client.query(`update ${t} set ${sets}, updated_at = $${columns.length + 2} where uid = $1`, [
            uid,
            ...columns.map(([, v]) => v),
            d.updatedAt,
          ]);
          break;
        }
        default: {
          const _exhaustive: never = type;
          return _exhaustive;
        }
      }
    }
  },
});
