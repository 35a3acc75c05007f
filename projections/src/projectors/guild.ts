// Guild and agency read model (docs/decisions/guild.md): agencies
// and their rosters as the log built them, one gift receipt per (gift, recipient host) for hosts in
// an agency at gift time with that agency's share ratios of the moment applied, the settlements of
// periods, the charm payments with their confirmation, an admin's verification, and the invitations
// creators have not answered yet.
import type pg from 'pg';
import { defineProjector, ident, type ProjectedEvent } from '../projector.ts';

const handles = [
  'AgencyCreated',
  'AgencyHostAdded',
  'AgencyHostRemoved',
  'AgencyShareRatiosSet',
  'AgencyPeriodSettled',
  'CharmPaymentSubmitted',
  'CharmPaymentConfirmed',
  'AgencyVerified',
  'GiftSent',
  'AgencyInvitationSent',
  'AgencyInvitationAccepted',
  'AgencyInvitationDeclined',
] as const;
type GuildEvent = ProjectedEvent<(typeof handles)[number]>;
type AgencyEvent = Exclude<GuildEvent, { type: 'GiftSent' }>;

interface Receipt {
  position: string;
  host: string;
  agency: string;
  sender: string;
  giftId: string;
  giftName: string;
  quantity: number;
  unitPrice: number;
  diamonds: number;
  charm: number;
  guildPct: number;
  hostPct: number;
  sentAt: string;
  lobbyId: string | null;
  roomId: string | null;
}

export const guildProjector = defineProjector({
  name: 'guild',
  tables: ['agencies', 'agency_hosts', 'guild_receipts', 'guild_settlements', 'guild_charm_payments', 'agency_invitations'],
  handles,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.agencies (
        agency_id text primary key, name text not null, owner_uid text not null,
        guild_share_pct int not null, host_share_pct int not null, created_at timestamptz not null);
      create index if not exists agencies_owner on ${s}.agencies (owner_uid);
      alter table ${s}.agencies add column if not exists verified_at timestamptz;
      alter table ${s}.agencies add column if not exists verified_by text;
      create table if not exists ${s}.agency_hosts (
        host_uid text primary key, agency_id text not null, joined_at timestamptz not null);
      create index if not exists agency_hosts_agency on ${s}.agency_hosts (agency_id);
      create table if not exists ${s}.guild_receipts (
        source_position bigint not null, host_uid text not null, agency_id text not null, sender_uid text not null,
        gift_id text not null, gift_name text not null, quantity int not null, unit_price bigint not null,
        diamond_value bigint not null, charm_value bigint not null, guild_share_pct int not null, host_share_pct int not null,
        guild_charm numeric(24, 4) not null, host_charm numeric(24, 4) not null, sent_at timestamptz not null,
        lobby_id text, room_id text,
        primary key (source_position, host_uid));
      create index if not exists guild_receipts_agency on ${s}.guild_receipts (agency_id, sent_at);
      create table if not exists ${s}.guild_settlements (
        settlement_id text primary key, agency_id text not null, period_start timestamptz not null, period_end timestamptz not null,
        receipt_count int not null, diamond_total numeric(24, 4) not null, charm_total numeric(24, 4) not null,
        guild_charm numeric(24, 4) not null, host_charm numeric(24, 4) not null, hosts jsonb not null,
        paid_charm numeric(24, 4) not null default 0, settled_at timestamptz not null);
      create index if not exists guild_settlements_agency on ${s}.guild_settlements (agency_id, period_start);
      create table if not exists ${s}.guild_charm_payments (
        payment_id text primary key, agency_id text not null, host_uid text not null, amount_charm numeric(24, 4) not null,
        proof_url text not null, settlement_id text, status text not null, submitted_at timestamptz not null, confirmed_at timestamptz);
      create index if not exists guild_charm_payments_agency on ${s}.guild_charm_payments (agency_id, submitted_at);
      create index if not exists guild_charm_payments_host on ${s}.guild_charm_payments (host_uid, submitted_at);
      create table if not exists ${s}.agency_invitations (
        host_uid text not null, agency_id text not null, agency_name text not null, invited_by text not null, invited_at timestamptz not null,
        primary key (host_uid, agency_id));
      create index if not exists agency_invitations_agency on ${s}.agency_invitations (agency_id, invited_at);
    `);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    // Roster and ratios as they stand before the batch, for every host the batch's gifts reach;
    // then the batch's own roster events change them in log order.
    const recipients = new Set<string>();
    for (const e of events) if (e.type === 'GiftSent') for (const r of e.data.recipients) recipients.add(r);
    const hostAgency = new Map<string, string | null>();
    const shares = new Map<string, { guild: number; host: number }>();
    if (recipients.size > 0) {
      const { rows } = await client.query<{ host_uid: string; agency_id: string; guild_share_pct: number; host_share_pct: number }>(
        `select h.host_uid, h.agency_id, a.guild_share_pct, a.host_share_pct
           from ${s}.agency_hosts h join ${s}.agencies a on a.agency_id = h.agency_id where h.host_uid = any($1::text[])`,
        [[...recipients]],
      );
      for (const r of recipients) hostAgency.set(r, null);
      for (const r of rows) {
        hostAgency.set(r.host_uid, r.agency_id);
        shares.set(r.agency_id, { guild: r.guild_share_pct, host: r.host_share_pct });
      }
    }
    const receipts: Receipt[] = [];
    const flush = async () => {
      if (receipts.length === 0) return;
      await insertReceipts(client, s, receipts.splice(0));
    };
    for (const e of events) {
      if (e.type === 'GiftSent') {
        collectReceipts(e, hostAgency, shares, receipts);
        continue;
      }
      await flush();
      await applyAgencyEvent(client, s, e, hostAgency, shares);
    }
    await flush();
  },
});

function collectReceipts(
  e: ProjectedEvent<'GiftSent'>,
  hostAgency: Map<string, string | null>,
  shares: Map<string, { guild: number; host: number }>,
  out: Receipt[],
) {
  const d = e.data;
  const sender = d.senderUid;
  for (const host of new Set(d.recipients)) {
    const agency = hostAgency.get(host);
    if (!agency) continue;
    const ratio = shares.get(agency);
    if (!ratio) continue;
    const { quantity, unitPrice } = d;
    out.push({
      position: e.globalPosition.toString(),
      host,
      agency,
      sender,
      giftId: d.giftId,
      giftName: d.giftName,
      quantity,
      unitPrice,
      diamonds: quantity * unitPrice,
      charm: d.charmPerRecipient,
      guildPct: ratio.guild,
      hostPct: ratio.host,
      sentAt: d.sentAt,
      lobbyId: d.lobbyId || null,
      roomId: d.roomId || null,
    });
  }
}

async function insertReceipts(client: pg.PoolClient, s: string, rows: Receipt[]) {
  const col = <K extends keyof Receipt>(k: K) => rows.map((r) => r[k]);
  await client.query(
    `insert into ${s}.guild_receipts (source_position, host_uid, agency_id, sender_uid, gift_id, gift_name, quantity, unit_price,
        diamond_value, charm_value, guild_share_pct, host_share_pct, guild_charm, host_charm, sent_at, lobby_id, room_id)
     select p, h, a, se, gi, gn, q, up, dv, cv, gp, hp, cv::numeric * gp / 100, cv::numeric * hp / 100, at, l, r
       from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bigint[], $9::bigint[],
                   $10::bigint[], $11::int[], $12::int[], $13::timestamptz[], $14::text[], $15::text[])
            as x(p, h, a, se, gi, gn, q, up, dv, cv, gp, hp, at, l, r)
     on conflict do nothing`,
    [
      col('position'),
      col('host'),
      col('agency'),
      col('sender'),
      col('giftId'),
      col('giftName'),
      col('quantity'),
      col('unitPrice'),
      col('diamonds'),
      col('charm'),
      col('guildPct'),
      col('hostPct'),
      col('sentAt'),
      col('lobbyId'),
      col('roomId'),
    ],
  );
}

async function applyAgencyEvent(
  client: pg.PoolClient,
  s: string,
  e: AgencyEvent,
  hostAgency: Map<string, string | null>,
  shares: Map<string, { guild: number; host: number }>,
) {
  const { type, data: d } = e;
  const agencyId = d.agencyId;
  switch (type) {
    case 'AgencyCreated':
      shares.set(agencyId, { guild: d.guildSharePct, host: d.hostSharePct });
      await client.query(
        `insert into ${s}.agencies (agency_id, name, owner_uid, guild_share_pct, host_share_pct, created_at) values ($1, $2, $3, $4, $5, $6)
         on conflict (agency_id) do nothing`,
        [agencyId, d.name || agencyId, d.ownerUid, d.guildSharePct, d.hostSharePct, d.createdAt],
      );
      return;
    case 'AgencyShareRatiosSet':
      shares.set(agencyId, { guild: d.guildSharePct, host: d.hostSharePct });
      await client.query(`update ${s}.agencies set guild_share_pct = $2, host_share_pct = $3 where agency_id = $1`, [
        agencyId,
        d.guildSharePct,
        d.hostSharePct,
      ]);
      return;
    case 'AgencyHostAdded': {
      const host = d.hostUid;
      hostAgency.set(host, agencyId);
      if (!shares.has(agencyId)) {
        const { rows } = await client.query<{ g: number; h: number }>(
          `select guild_share_pct as g, host_share_pct as h from ${s}.agencies where agency_id = $1`,
          [agencyId],
        );
        if (rows[0]) shares.set(agencyId, { guild: rows[0].g, host: rows[0].h });
      }
      await client.query(
        `insert into ${s}.agency_hosts (host_uid, agency_id, joined_at) values ($1, $2, $3)
         on conflict (host_uid) do update set agency_id = excluded.agency_id, joined_at = excluded.joined_at`,
        [host, agencyId, d.addedAt],
      );
      return;
    }
    case 'AgencyHostRemoved': {
      const host = d.hostUid;
      if (hostAgency.get(host) === agencyId || !hostAgency.has(host)) hostAgency.set(host, null);
      await client.query(`delete from ${s}.agency_hosts where host_uid = $1 and agency_id = $2`, [host, agencyId]);
      return;
    }
    case 'AgencyPeriodSettled':
      await client.query(
        `insert into ${s}.guild_settlements (settlement_id, agency_id, period_start, period_end, receipt_count, diamond_total, charm_total,
            guild_charm, host_charm, hosts, settled_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         on conflict (settlement_id) do nothing`,
        [
          d.settlementId,
          agencyId,
          d.periodStart,
          d.periodEnd,
          d.receiptCount,
          d.diamondTotal,
          d.charmTotal,
          d.guildCharm,
          d.hostCharm,
          JSON.stringify(d.hosts),
          d.settledAt,
        ],
      );
      return;
    case 'CharmPaymentSubmitted':
      await client.query(
        `insert into ${s}.guild_charm_payments (payment_id, agency_id, host_uid, amount_charm, proof_url, settlement_id, status, submitted_at)
         values ($1, $2, $3, $4, $5, $6, 'submitted', $7) on conflict (payment_id) do nothing`,
        [d.paymentId, agencyId, d.hostUid, d.amountCharm, d.proofUrl, d.settlementId, d.submittedAt],
      );
      return;
    case 'CharmPaymentConfirmed': {
      const { rows } = await client.query<{ settlement_id: string | null; amount_charm: string }>(
        `update ${s}.guild_charm_payments set status = 'confirmed', confirmed_at = $2 where payment_id = $1 and status = 'submitted'
         returning settlement_id, amount_charm`,
        [d.paymentId, d.confirmedAt],
      );
      const paid = rows[0];
      if (paid?.settlement_id)
        await client.query(`update ${s}.guild_settlements set paid_charm = paid_charm + $2 where settlement_id = $1`, [
          paid.settlement_id,
          paid.amount_charm,
        ]);
      return;
    }
    case 'AgencyInvitationSent':
      await client.query(
        `insert into ${s}.agency_invitations (host_uid, agency_id, agency_name, invited_by, invited_at) values ($1, $2, $3, $4, $5)
         on conflict (host_uid, agency_id) do nothing`,
        [d.hostUid, agencyId, d.agencyName, d.invitedBy, d.invitedAt],
      );
      return;
    case 'AgencyInvitationAccepted':
    case 'AgencyInvitationDeclined':
      await client.query(`delete from ${s}.agency_invitations where host_uid = $1 and agency_id = $2`, [d.hostUid, agencyId]);
      return;
    case 'AgencyVerified':
      await client.query(`update ${s}.agencies set verified_at = $2, verified_by = $3 where agency_id = $1 and verified_at is null`, [
        agencyId,
        d.verifiedAt,
        d.verifiedBy,
      ]);
      return;
    default: {
      const _exhaustive: never = type;
      return _exhaustive;
    }
  }
}
