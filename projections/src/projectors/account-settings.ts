// rm.user_credentials (every way into an account that is still linked, for the settings page) and
// rm.user_audio (the spec's auth-state volumes and mutes, default volume 100).
import { AccountDeletedData, AudioPreferencesChangedData, CredentialLinkedData, CredentialUnlinkedData, UserRegistered, type CredentialKind } from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';
import { ident, type Projector } from '../projector.ts';

interface Linked { kind: CredentialKind; key: string; provider: string | null }

const walletKind = (environment: unknown): CredentialKind => (environment === 'solana-runtime' ? 'wallet-solana' : 'wallet-evm');
const walletKey = (address: string, kind: CredentialKind) => (kind === 'wallet-evm' ? address.toLowerCase() : address);

/** The credentials a registration or guest upgrade links; a provider sign-in also links its e-mail. */
function linkedBy(d: Record<string, unknown>): Linked[] {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const out: Linked[] = [];
  const email = str(d.email);
  const wallet = str(d.walletAddress);
  const subject = str(d.providerSubject);
  const telegram = str(d.telegramId);
  if (email) out.push({ kind: 'email', key: email, provider: null });
  if (wallet) {
    const kind = walletKind(d.walletEnvironment);
    out.push({ kind, key: walletKey(wallet, kind), provider: null });
  }
  if (subject) out.push({ kind: 'provider', key: subject, provider: str(d.provider) });
  if (telegram) out.push({ kind: 'telegram', key: telegram, provider: null });
  return out;
}

export const accountSettingsProjector: Projector = {
  name: 'account-settings',
  tables: ['user_credentials', 'user_audio'],
  handles: ['UserRegistered', 'GuestUpgraded', 'WalletLinked', 'CredentialLinked', 'CredentialUnlinked', 'AudioPreferencesChanged', 'AccountDeleted'],
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
  async apply(events: RecordedEvent[], { client, schema }) {
    const s = ident(schema);
    const link = (uid: string, l: Linked, at: string) =>
      client.query(`insert into ${s}.user_credentials (uid, kind, key, provider, linked_at) values ($1, $2, $3, $4, $5) on conflict do nothing`, [uid, l.kind, l.key, l.provider, at]);
    for (const e of events) {
      const d = e.data as Record<string, unknown>;
      switch (e.type) {
        case 'UserRegistered': {
          const r = UserRegistered.safeParse(d);
          if (!r.success) break;
          for (const l of linkedBy(d)) await link(r.data.uid, l, r.data.registeredAt);
          break;
        }
        case 'GuestUpgraded':
          for (const l of linkedBy(d)) await link(String(d.uid), l, String(d.upgradedAt));
          break;
        case 'WalletLinked': {
          const kind = walletKind(d.environment);
          await link(String(d.uid), { kind, key: walletKey(String(d.address), kind), provider: null }, String(d.linkedAt));
          break;
        }
        case 'CredentialLinked': {
          const l = CredentialLinkedData.safeParse(d);
          if (l.success) await link(l.data.uid, { kind: l.data.kind, key: l.data.key, provider: l.data.provider }, l.data.linkedAt);
          break;
        }
        case 'AccountDeleted': {
          const a = AccountDeletedData.safeParse(d);
          if (!a.success) break;
          await client.query(`delete from ${s}.user_credentials where uid = $1`, [a.data.uid]);
          await client.query(`delete from ${s}.user_audio where uid = $1`, [a.data.uid]);
          break;
        }
        case 'CredentialUnlinked': {
          const u = CredentialUnlinkedData.safeParse(d);
          if (u.success) await client.query(`delete from ${s}.user_credentials where uid = $1 and kind = $2 and key = $3`, [u.data.uid, u.data.kind, u.data.key]);
          break;
        }
        case 'AudioPreferencesChanged': {
          const a = AudioPreferencesChangedData.safeParse(d);
          if (!a.success) break;
          await client.query(
            `insert into ${s}.user_audio (uid, default_volume, volumes, mutes) values ($1, $2, $3, $4)
             on conflict (uid) do update set default_volume = excluded.default_volume, volumes = excluded.volumes, mutes = excluded.mutes`,
            [a.data.uid, a.data.defaultVolume, JSON.stringify(a.data.volumes), JSON.stringify(a.data.mutes)],
          );
          break;
        }
      }
    }
  },
};
