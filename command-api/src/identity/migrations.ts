// Identity's non-event tables: what links a credential to a uid, sessions, and secrets (hashed).
import type { Migration } from '@murmur/eventstore';

export const identityMigrations: Migration[] = [
  {
    id: 'identity-001-tables',
    sql: `
      -- One row per credential; the primary key makes "one account per e-mail/wallet/subject" hold
      -- under concurrency, written in the same transaction as the user event that claims it.
      create table identity_links (
        kind text not null,
        key text not null,
        uid text not null,
        created_at timestamptz not null default now(),
        primary key (kind, key)
      );
      create index identity_links_uid on identity_links (uid);

      -- A session is one signed-in device; at most one is active per account.
      create table auth_sessions (
        session_id text primary key,
        uid text not null,
        status text not null check (status in ('active', 'replaced', 'revoked', 'banned')),
        method text not null,
        visitor_id text,
        device_fingerprint text,
        device_os text,
        created_at timestamptz not null,
        ended_at timestamptz
      );
      create index auth_sessions_active on auth_sessions (uid) where status = 'active';

      -- Rotating refresh tokens: each is used once; a second use revokes its session (the family).
      create table auth_refresh_tokens (
        token_hash text primary key,
        session_id text not null references auth_sessions (session_id),
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index auth_refresh_tokens_session on auth_refresh_tokens (session_id);

      create table auth_otp_codes (
        email text primary key,
        code_hash text not null,
        expires_at timestamptz not null,
        resend_after timestamptz not null,
        attempts int not null default 0,
        used_at timestamptz
      );

      create table auth_wallet_nonces (
        token_hash text primary key,
        nonce text not null,
        address text not null,
        environment text not null,
        type text not null,
        uid text,
        message text not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );

      -- Mail the dev SMTP server received (demo only; the dev mailbox page reads it).
      create table dev_mailbox (
        id bigserial primary key,
        recipient text not null,
        subject text not null,
        body text not null,
        received_at timestamptz not null default now()
      );
    `,
  },
  {
    id: 'identity-002-otp-senders',
    sql: `
      -- Who asked for codes recently (client address, hashed): caps mail sent for one sender.
      create table auth_otp_sends (
        sender_hash text not null,
        sent_at timestamptz not null
      );
      create index auth_otp_sends_by_sender on auth_otp_sends (sender_hash, sent_at);
    `,
  },
  {
    id: 'identity-003-dev-sms-inbox',
    sql: `
      -- Texts the demo's local SMS provider kept instead of sending (the dev SMS inbox page reads it).
      create table dev_sms_inbox (
        id bigserial primary key,
        recipient text not null,
        body text not null,
        received_at timestamptz not null default now()
      );
    `,
  },
];
