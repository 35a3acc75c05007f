// rm.user_credentials (every way into an account that is still linked, for the settings page) and
// rm.user_audio (the spec's auth-state volumes and mutes, default volume 100).
import type { CredentialKind, UserRegistered, WalletEnvironment } from '@murmur/contracts';
import { defineProjector, ident } from '../projector.ts';

interface Linked {
  kind: CredentialKind;
  key: string;
  provider: string | null;
}

const walletKind = (environment: WalletEnvironment | null): CredentialKind =>
  environment === 'solana-runtime' ? 'wallet-solana' : 'wallet-evm';
const walletKey = (address: string, kind: CredentialKind) => (kind === 'wallet-evm' ? address.toLowerCase() : address);

/** The credentials a registration or guest upgrade links; a provider sign-in also links its e-mail. */
function linkedBy(
  d: Pick<UserRegistered, 'email' | 'mobile' | 'walletAddress' | 'walletEnvironment' | 'providerSubject' | 'provider' | 'telegramId'>,
): Linked[] {
  const out: Linked[] = [];
  if (d.email) out.push({ kind: 'email', key: d.email, provider: null });
  if (d.mobile) out.push({ kind: 'mobile', key: d.mobile, provider: null });
  if (d.walletAddress) {
    const kind = walletKind(d.walletEnvironment);
    out.push({ kind, key: walletKey(d.walletAddress, kind), provider: null });
  }
  if (d.providerSubject) out.push({ kind: 'provider', key: d.providerSubject, provider: d.provider || null });
  if (d.telegramId) out.push({ kind: 'telegram', key: d.telegramId, provider: null });
  return out;
}

export const accountSettingsProjector = defineProjector({
  name: 'account-settings',
  tables: ['user_credentials', 'user_audio'],
  handles: [
    'UserRegistered',
    'GuestUpgraded',
    'WalletLinked',
    'CredentialLinked',
    'CredentialUnlinked',
    'AudioPreferencesChanged',
    'AccountDeleted',
  ],
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.user_credentials (
      uid text not null,
      kind text not null,
      key text not null,
      provider text,
      linked_at timestamptz not null,
      primary key (uid, kind, key)
    )`);
    await client.query(`create table if not exists ${s}.user_audio (
      uid text primary key,
      default_volume int not null,
      volumes jsonb not null,
      mutes jsonb not null
    )`);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    const link = (uid: string, l: Linked, at: string) =>
      client.query(
        `insert into ${s}.user_credentials (uid, kind, key, provider, linked_at) values ($1, $2, $3, $4, $5) on conflict do nothing`,
        [uid, l.kind, l.key, l.provider, at],
      );
    for (const e of events) {
      switch (e.type) {
        case 'UserRegistered':
          for (const l of linkedBy(e.data)) await link(e.data.uid, l, e.data.registeredAt);
          break;
        case 'GuestUpgraded':
          for (const l of linkedBy(e.data)) await link(e.data.uid, l, e.data.upgradedAt);
          break;
        case 'WalletLinked': {
          const kind = walletKind(e.data.environment);
          await link(e.data.uid, { kind, key: walletKey(e.data.address, kind), provider: null }, e.data.linkedAt);
          break;
        }
        case 'CredentialLinked':
          await link(e.data.uid, { kind: e.data.kind, key: e.data.key, provider: e.data.provider }, e.data.linkedAt);
          break;
        case 'AccountDeleted':
          await client.query(`delete from ${s}.user_credentials where uid = $1`, [e.data.uid]);
          await client.query(`delete from ${s}.user_audio where uid = $1`, [e.data.uid]);
          break;
        case 'CredentialUnlinked':
          await client.query(`delete from ${s}.user_credentials where uid = $1 and kind = $2 and key = $3`, [
            e.data.uid,
            e.data.kind,
            e.data.key,
          ]);
          break;
        case 'AudioPreferencesChanged':
          await client.query(
            `insert into ${s}.user_audio (uid, default_volume, volumes, mutes) values ($1, $2, $3, $4)
             on conflict (uid) do update set default_volume = excluded.default_volume, volumes = excluded.volumes, mutes = excluded.mutes`,
            [e.data.uid, e.data.defaultVolume, JSON.stringify(e.data.volumes), JSON.stringify(e.data.mutes)],
          );
          break;
        default: {
          const _exhaustive: never = e;
          void _exhaustive;
        }
      }
    }
  },
});
