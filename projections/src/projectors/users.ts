// rm.users: one row per account (identity's events, plus the profile's username and picture changes so
// other modules read current names), and rm.tg_claims for the mini-app's daily claim.
import { defineProjector, ident } from '../projector.ts';

/** What lists show in place of a deleted account's name. */
export const deletedUsername = 'Deleted user';

export const users = defineProjector({
  name: 'users',
  tables: ['users', 'tg_claims'],
  handles: [
    'UserRegistered',
    'GuestUpgraded',
    'OnboardingCompleted',
    'RoleGranted',
    'RoleRevoked',
    'UserBanned',
    'UserUnbanned',
    'WaitlistChanged',
    'TelegramDailyClaimed',
    'UsernameChanged',
    'ProfileDetailsUpdated',
    'MatureContentChanged',
    'AccountDeleted',
  ],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.users (
      uid text primary key,
      username text not null,
      profile_pic_url text,
      roles text[] not null default '{co}',
      anonymous boolean not null default false,
      banned boolean not null default false,
      has_finished_onboarding boolean not null default false,
      show_nsfw boolean not null default false,
      birthday date,
      referral_code text unique not null,
      referred_by_code text,
      created_at timestamptz not null
    )`);
    // A ban with a duration lifts by itself: readers compare with the time.
    await client.query(`alter table ${s}.users add column if not exists banned_until timestamptz`);
    // Username look-ups are case-insensitive (a registration name must not be taken twice).
    await client.query(`create index if not exists users_username_lower on ${s}.users (lower(username))`);
    // Added with account deletion: the row stays (money rows name the uid), its person goes.
    await client.query(`alter table ${s}.users add column if not exists deleted boolean not null default false`);
    // Every account starts on the mobile early-access waitlist; only an operator's WaitlistChanged moves it.
    await client.query(`alter table ${s}.users add column if not exists is_waitlist boolean not null default true`);
    await client.query(`create table if not exists ${s}.tg_claims (
      uid text primary key,
      claim_count int not null,
      last_claim_at timestamptz not null
    )`);
  },
  async apply(events, { client, schema }) {
    const t = `${ident(schema)}.users`;
    // Events of one batch are applied in order; a batch holds few user events, so one statement each.
    for (const e of events) {
      const { type, data: d } = e;
      switch (type) {
        case 'UserRegistered':
          await client.query(
            `insert into ${t} (uid, username, profile_pic_url, roles, anonymous, referral_code, referred_by_code, created_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (uid) do nothing`,
            [d.uid, d.username, d.profilePicUrl ?? null, d.roles, d.anonymous, d.referralCode, d.referredByCode ?? null, d.registeredAt],
          );
          break;
        case 'GuestUpgraded':
          await client.query(`update ${t} set anonymous = false where uid = $1`, [d.uid]);
          break;
        case 'OnboardingCompleted':
          await client.query(`update ${t} set has_finished_onboarding = true, show_nsfw = $2, birthday = $3 where uid = $1`, [
            d.uid,
            d.showNSFW,
            d.birthday,
          ]);
          break;
        case 'MatureContentChanged':
          await client.query(`update ${t} set show_nsfw = $2 where uid = $1`, [d.uid, d.showNSFW]);
          break;
        case 'RoleGranted':
          await client.query(`update ${t} set roles = array_append(array_remove(roles, $2), $2) where uid = $1`, [d.uid, d.role]);
          break;
        case 'RoleRevoked':
          await client.query(`update ${t} set roles = array_remove(roles, $2) where uid = $1`, [d.uid, d.role]);
          break;
        case 'UserBanned':
          await client.query(`update ${t} set banned = true, banned_until = $2 where uid = $1`, [d.uid, d.until ?? null]);
          break;
        case 'UserUnbanned':
          await client.query(`update ${t} set banned = false, banned_until = null where uid = $1`, [d.uid]);
          break;
        case 'WaitlistChanged':
          await client.query(`update ${t} set is_waitlist = $2 where uid = $1`, [d.uid, d.isWaitlist]);
          break;
        case 'TelegramDailyClaimed':
          await client.query(
            `insert into ${ident(schema)}.tg_claims (uid, claim_count, last_claim_at) values ($1, $2, $3)
             on conflict (uid) do update set claim_count = greatest(excluded.claim_count, tg_claims.claim_count), last_claim_at = greatest(excluded.last_claim_at, tg_claims.last_claim_at)`,
            [d.uid, d.claimNumber, d.claimedAt],
          );
          break;
        case 'UsernameChanged':
          await client.query(`update ${t} set username = $2 where uid = $1`, [d.uid, d.username]);
          break;
        case 'AccountDeleted':
          await client.query(
            `update ${t} set username = $2, profile_pic_url = null, birthday = null, show_nsfw = false, referred_by_code = null, deleted = true where uid = $1`,
            [d.uid, deletedUsername],
          );
          break;
        case 'ProfileDetailsUpdated': {
          const changes = d.changes;
          if ('profilePicUrl' in changes)
            await client.query(`update ${t} set profile_pic_url = $2 where uid = $1`, [d.uid, changes.profilePicUrl ?? null]);
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
