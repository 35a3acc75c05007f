// The audit trail of operator actions: one row per operator action, indexed by operator
// and by subject, projected from the events the actions write on their subjects' streams (see
// docs/decisions.md "Audit trail"). Read-only for everyone: the events are the record; this table
// is rebuilt from them and nothing here can change one. A new operator action is one entry in `sources`.
import { defineProjector, ident, type ProjectedEvent } from '../projector.ts';

const sourceTypes = [
  'ReportDecided',
  'RoleGranted',
  'RoleRevoked',
  'UserBanned',
  'UserUnbanned',
  'WaitlistChanged',
  'SessionsEndedByOperator',
  'LobbyEnded',
  'LobbyUserKicked',
  'ChatSilenced',
  'ChatMessageRemoved',
  'WithdrawalCompleted',
  'WithdrawalFailed',
  'DiamondGrantRequested',
  'DiamondGrantApproved',
  'DiamondGrantRejected',
  'HostApplicationApproved',
  'HostApplicationRejected',
  'AgencyVerified',
  'ProjectionRebuildRequested',
] as const;
type SourceType = (typeof sourceTypes)[number];

interface AuditRow {
  operatorUid: string;
  action: string;
  /** `user:{uid}`, `lobby:{id}`, `report:{id}`... */
  subject: string;
  /** The user the action concerns, if any (a user's page lists the actions about them). */
  subjectUid: string | null;
  reason: string | null;
  at: string;
}

/** Event -> the operator action it records, or null when it was not an operator's (a host's kick). */
const sources: { [K in SourceType]: (e: ProjectedEvent<K>) => AuditRow | null } = {
  ReportDecided: (e) => {
    const d = e.data;
    return {
      operatorUid: d.decidedBy,
      action: `report.${d.action}`,
      subject: `report:${d.reportId}`,
      subjectUid: d.subjectUid,
      reason: d.reason || null,
      at: d.decidedAt,
    };
  },
  RoleGranted: (e) => ({
    operatorUid: e.data.grantedBy,
    action: `role.grant.${e.data.role}`,
    subject: `user:${e.data.uid}`,
    subjectUid: e.data.uid,
    reason: null,
    at: e.data.at,
  }),
  RoleRevoked: (e) => ({
    operatorUid: e.data.revokedBy,
    action: `role.revoke.${e.data.role}`,
    subject: `user:${e.data.uid}`,
    subjectUid: e.data.uid,
    reason: null,
    at: e.data.at,
  }),
  UserBanned: (e) => ({
    operatorUid: e.data.bannedBy,
    action: e.data.until ? 'user.ban.until' : 'user.ban',
    subject: `user:${e.data.uid}`,
    subjectUid: e.data.uid,
    reason: [e.data.reason, e.data.until ? `until ${e.data.until}` : null].filter(Boolean).join(' · ') || null,
    at: e.data.at,
  }),
  UserUnbanned: (e) => ({
    operatorUid: e.data.unbannedBy,
    action: 'user.unban',
    subject: `user:${e.data.uid}`,
    subjectUid: e.data.uid,
    reason: null,
    at: e.data.at,
  }),
  WaitlistChanged: (e) => ({
    operatorUid: e.data.by,
    action: e.data.isWaitlist ? 'user.waitlist.put-back' : 'user.waitlist.let-in',
    subject: `user:${e.data.uid}`,
    subjectUid: e.data.uid,
    reason: e.data.note,
    at: e.data.at,
  }),
  SessionsEndedByOperator: (e) => ({
    operatorUid: e.data.by,
    action: 'user.sign-out-everywhere',
    subject: `user:${e.data.uid}`,
    subjectUid: e.data.uid,
    reason: e.data.reason || null,
    at: e.data.at,
  }),
  LobbyEnded: (e) =>
    e.data.reason === 'terminated'
      ? {
          operatorUid: e.data.by,
          action: 'lobby.terminate',
          subject: `lobby:${e.data.lobbyId}`,
          subjectUid: null,
          reason: e.data.note ?? null,
          at: e.data.endedAt,
        }
      : null,
  // Only an operator's removal carries a note; a host's kick is the lobby's own business.
  LobbyUserKicked: (e) =>
    e.data.note !== undefined
      ? {
          operatorUid: e.data.by,
          action: 'lobby.remove-user',
          subject: `lobby:${e.data.lobbyId}`,
          subjectUid: e.data.uid,
          reason: e.data.note,
          at: e.data.at,
        }
      : null,
  ChatSilenced: (e) => ({
    operatorUid: e.data.by,
    action: 'chat.silence',
    subject: `lobby:${e.data.lobbyId}`,
    subjectUid: e.data.uid,
    reason: `${e.data.reason} · until ${e.data.until}`,
    at: e.data.at,
  }),
  ChatMessageRemoved: (e) => ({
    operatorUid: e.data.by,
    action: 'chat.remove-message',
    subject: `lobby:${e.data.lobbyId}`,
    subjectUid: e.data.uid,
    reason: e.data.reason,
    at: e.data.at,
  }),
  // Money operations: only a console settlement or rejection names its admin (a payout provider's own
  // completion or failure is not an operator's action).
  WithdrawalCompleted: (e) =>
    e.data.settledBy
      ? {
          operatorUid: e.data.settledBy,
          action: 'withdrawal.settle',
          subject: `withdrawal:${e.data.withdrawalId}`,
          subjectUid: e.data.uid,
          reason: e.data.reference ? `reference ${e.data.reference}` : null,
          at: e.data.completedAt,
        }
      : null,
  WithdrawalFailed: (e) =>
    e.data.rejectedBy
      ? {
          operatorUid: e.data.rejectedBy,
          action: 'withdrawal.reject',
          subject: `withdrawal:${e.data.withdrawalId}`,
          subjectUid: e.data.uid,
          reason: `${e.data.charm} charm back · ${e.data.reason}`,
          at: e.data.failedAt,
        }
      : null,
  DiamondGrantRequested: (e) => ({
    operatorUid: e.data.requestedBy,
    action: e.data.needsApproval ? 'grant.request' : 'grant.grant',
    subject: `grant:${e.data.grantId}`,
    subjectUid: e.data.uid,
    reason: `${e.data.amount} diamonds · ${e.data.reason}`,
    at: e.data.requestedAt,
  }),
  DiamondGrantApproved: (e) => ({
    operatorUid: e.data.approvedBy,
    action: 'grant.approve',
    subject: `grant:${e.data.grantId}`,
    subjectUid: e.data.uid,
    reason: `${e.data.amount} diamonds`,
    at: e.data.approvedAt,
  }),
  DiamondGrantRejected: (e) => ({
    operatorUid: e.data.rejectedBy,
    action: 'grant.reject',
    subject: `grant:${e.data.grantId}`,
    subjectUid: e.data.uid,
    reason: e.data.reason,
    at: e.data.rejectedAt,
  }),
  HostApplicationApproved: (e) => ({
    operatorUid: e.data.decidedBy,
    action: 'host-application.approve',
    subject: `host-application:${e.data.applicationId}`,
    subjectUid: e.data.uid,
    reason: null,
    at: e.data.decidedAt,
  }),
  HostApplicationRejected: (e) => ({
    operatorUid: e.data.decidedBy,
    action: 'host-application.reject',
    subject: `host-application:${e.data.applicationId}`,
    subjectUid: e.data.uid,
    reason: e.data.reason,
    at: e.data.decidedAt,
  }),
  AgencyVerified: (e) => ({
    operatorUid: e.data.verifiedBy,
    action: 'agency.verify',
    subject: `agency:${e.data.agencyId}`,
    subjectUid: e.data.ownerUid,
    reason: e.data.note,
    at: e.data.verifiedAt,
  }),
  ProjectionRebuildRequested: (e) => ({
    operatorUid: e.data.requestedBy,
    action: 'projection.rebuild',
    subject: `projection:${e.data.projection}`,
    subjectUid: null,
    reason: null,
    at: e.data.requestedAt,
  }),
};

function rowOf(e: ProjectedEvent<SourceType>): AuditRow | null {
  switch (e.type) {
    case 'ReportDecided':
      return sources.ReportDecided(e);
    case 'RoleGranted':
      return sources.RoleGranted(e);
    case 'RoleRevoked':
      return sources.RoleRevoked(e);
    case 'UserBanned':
      return sources.UserBanned(e);
    case 'UserUnbanned':
      return sources.UserUnbanned(e);
    case 'WaitlistChanged':
      return sources.WaitlistChanged(e);
    case 'SessionsEndedByOperator':
      return sources.SessionsEndedByOperator(e);
    case 'LobbyEnded':
      return sources.LobbyEnded(e);
    case 'LobbyUserKicked':
      return sources.LobbyUserKicked(e);
    case 'ChatSilenced':
      return sources.ChatSilenced(e);
    case 'ChatMessageRemoved':
      return sources.ChatMessageRemoved(e);
    case 'WithdrawalCompleted':
      return sources.WithdrawalCompleted(e);
    case 'WithdrawalFailed':
      return sources.WithdrawalFailed(e);
    case 'DiamondGrantRequested':
      return sources.DiamondGrantRequested(e);
    case 'DiamondGrantApproved':
      return sources.DiamondGrantApproved(e);
    case 'DiamondGrantRejected':
      return sources.DiamondGrantRejected(e);
    case 'HostApplicationApproved':
      return sources.HostApplicationApproved(e);
    case 'HostApplicationRejected':
      return sources.HostApplicationRejected(e);
    case 'AgencyVerified':
      return sources.AgencyVerified(e);
    case 'ProjectionRebuildRequested':
      return sources.ProjectionRebuildRequested(e);
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

export const operatorAuditProjector = defineProjector({
  name: 'operator-audit',
  tables: ['operator_actions'],
  handles: sourceTypes,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.operator_actions (
        position bigint primary key, operator_uid text not null, action text not null, subject text not null, subject_uid text,
        reason text, stream_id text not null, event_type text not null, at timestamptz not null);
      create index if not exists operator_actions_by_operator on ${s}.operator_actions (operator_uid, position desc);
      create index if not exists operator_actions_by_subject on ${s}.operator_actions (subject, position desc);
      create index if not exists operator_actions_by_subject_uid on ${s}.operator_actions (subject_uid, position desc);
    `);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    for (const e of events) {
      const row = rowOf(e);
      if (!row) continue;
      await client.query(
        `insert into ${s}.operator_actions (position, operator_uid, action, subject, subject_uid, reason, stream_id, event_type, at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (position) do nothing`,
        [e.globalPosition.toString(), row.operatorUid, row.action, row.subject, row.subjectUid, row.reason, e.streamId, e.type, row.at],
      );
    }
  },
});
