// Guild and agency (docs/decisions/guild.md):
// an agency's roster of hosts, its guild/host share ratios, period settlements and charm payments.
import { z } from 'zod';
import { commandAnswer } from './answers.ts';
import type { EventUnionOf } from './event-map.ts';
import { formatText, texts } from './errors.ts';
import { PageQuery, paged } from './paging.ts';

/** The spec's 1-100 range for share ratios; the two ratios of an agency split its hosts' charm. */
export const SharePercent = z.coerce
  .number({ error: 'Share ratio must be a number between 1 and 100.' })
  .int('Share ratio must be a whole number between 1 and 100.')
  .min(1, 'Share ratio must be a number between 1 and 100.')
  .max(100, 'Share ratio must be a number between 1 and 100.');

const shareRatios = <T extends z.ZodObject<{ guildSharePct: typeof SharePercent; hostSharePct: typeof SharePercent }>>(schema: T) =>
  schema.refine((v) => v.guildSharePct + v.hostSharePct === 100, { message: guildTexts.sharesSum, path: ['hostSharePct'] });

export const guildTexts = {
  sharesSum: 'Guild and host share ratios must add up to 100.',
  agencyExists: 'This agency already exists.',
  agencyNotFound: 'This agency does not exist.',
  notOwner: 'Only the agency can manage its guild.',
  hostAlreadyInAgency: 'This host already belongs to an agency.',
  hostNotInAgency: 'This host is not in the agency.',
  alreadyOnRoster: 'This creator is already in your agency.',
  invitationNotFound: 'There is no pending invitation from this agency.',
  inAnotherAgency: 'You already belong to an agency. Leave it before joining another.',
  notInAnyAgency: 'You are not in an agency.',
  periodInvalid: 'The period must end after it starts and not in the future.',
  periodOverlaps: 'This period overlaps a period already settled.',
  paymentNotFound: 'This payment does not exist.',
  projectionBehind: 'Gift receipts are still being recorded. Please try again in a moment.',
} as const;

export const AgencyId = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'Agency id must be 2-40 letters, digits or dashes.');

export const CreateAgencyBody = shareRatios(
  z.object({
    agencyId: AgencyId,
    name: z
      .string()
      .trim()
      .min(1, formatText(texts.required, { field: 'Name' }))
      .max(120, formatText(texts.maxChars, { n: 120 })),
    guildSharePct: SharePercent,
    hostSharePct: SharePercent,
  }),
);
/** POST guild/agencies/{agencyId}/invitations: the creator the agency invites (they accept or decline). */
export const InviteAgencyHostBody = z.object({
  hostUid: z
    .string()
    .trim()
    .min(1, formatText(texts.required, { field: 'Creator' }))
    .max(200),
});
export const SetShareRatiosBody = shareRatios(z.object({ guildSharePct: SharePercent, hostSharePct: SharePercent }));
export const PeriodQuery = z.object({
  periodStart: z.iso.datetime({ offset: true, error: 'Period start must be a date and time.' }),
  periodEnd: z.iso.datetime({ offset: true, error: 'Period end must be a date and time.' }),
});
export const SettlePeriodBody = PeriodQuery;
export const SubmitCharmPaymentBody = z.object({
  hostUid: z
    .string()
    .trim()
    .min(1, formatText(texts.required, { field: 'Host' }))
    .max(200),
  amountCharm: z.coerce.number().positive('Amount must be greater than 0.').max(1e12),
  /** The uploaded proof image (docs/decisions/guild.md). */
  proofUrl: z
    .string()
    .trim()
    .min(1, formatText(texts.required, { field: 'Proof of payment' }))
    .max(2000),
  settlementId: z.string().trim().min(1).max(100).optional(),
});

// Events on agency-{id} -------------------------------------------------------------------------

export const AgencyCreated = z.object({
  agencyId: z.string(),
  name: z.string(),
  ownerUid: z.string(),
  guildSharePct: z.number(),
  hostSharePct: z.number(),
  createdAt: z.string(),
});
export const AgencyHostAdded = z.object({ agencyId: z.string(), hostUid: z.string(), addedAt: z.string() });
export const AgencyHostRemoved = z.object({ agencyId: z.string(), hostUid: z.string(), removedAt: z.string() });
export const AgencyShareRatiosSet = z.object({
  agencyId: z.string(),
  guildSharePct: z.number(),
  hostSharePct: z.number(),
  setAt: z.string(),
});
export const SettlementHostLine = z.object({
  hostUid: z.string(),
  receipts: z.number(),
  charm: z.number(),
  guildCharm: z.number(),
  hostCharm: z.number(),
  diamonds: z.number(),
});
export const AgencyPeriodSettled = z.object({
  agencyId: z.string(),
  settlementId: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  receiptCount: z.number(),
  diamondTotal: z.number(),
  charmTotal: z.number(),
  guildCharm: z.number(),
  /** The amount to settle: what the agency owes its hosts for the period. */
  hostCharm: z.number(),
  hosts: z.array(SettlementHostLine),
  settledAt: z.string(),
});
export const CharmPaymentSubmitted = z.object({
  agencyId: z.string(),
  paymentId: z.string(),
  hostUid: z.string(),
  amountCharm: z.number(),
  proofUrl: z.string(),
  settlementId: z.string().nullable(),
  submittedAt: z.string(),
});
export const CharmPaymentConfirmed = z.object({
  agencyId: z.string(),
  paymentId: z.string(),
  hostUid: z.string(),
  confirmedAt: z.string(),
});
/** An admin verified the agency (operators' console): once; the owner is named for the audit trail. */
export const AgencyVerified = z.object({
  agencyId: z.string(),
  ownerUid: z.string(),
  verifiedBy: z.string(),
  note: z.string().max(120),
  verifiedAt: z.string(),
});

export type AgencyCreated = z.infer<typeof AgencyCreated>;
export type AgencyPeriodSettled = z.infer<typeof AgencyPeriodSettled>;
export type CharmPaymentSubmitted = z.infer<typeof CharmPaymentSubmitted>;
export type SettlementHostLine = z.infer<typeof SettlementHostLine>;

/** On `agency-host-{uid}` (the creator's membership stream): which agency holds a host, and payouts
 * it opened to them. `HostAgencyClaimed` is no longer written (joining takes the creator's
 * acceptance, `AgencyInvitationAccepted`); streams that hold it still read as a membership. */
export const HostAgencyClaimed = z.object({ hostUid: z.string(), agencyId: z.string(), at: z.string() });
/** The agency removed the host from its roster. */
export const HostAgencyReleased = HostAgencyClaimed;
/** An agency invited the creator; the agency's name is kept so the invitation reads without a join. */
export const AgencyInvitationSent = z.object({
  hostUid: z.string(),
  agencyId: z.string(),
  agencyName: z.string(),
  invitedBy: z.string(),
  invitedAt: z.string(),
});
/** The creator accepted: from now on they are in the agency (its roster follows in the same transaction). */
export const AgencyInvitationAccepted = z.object({ hostUid: z.string(), agencyId: z.string(), acceptedAt: z.string() });
export const AgencyInvitationDeclined = z.object({ hostUid: z.string(), agencyId: z.string(), declinedAt: z.string() });
/** The creator left the agency on their own. */
export const AgencyLeft = z.object({ hostUid: z.string(), agencyId: z.string(), leftAt: z.string() });
export const HostPayoutAuthorized = z.object({ hostUid: z.string(), agencyId: z.string(), withdrawalId: z.string(), at: z.string() });

/** Agencies (`agency-{id}`) and host memberships (`agency-host-{uid}`). */
export const guildEventSchemas = {
  AgencyCreated,
  AgencyHostAdded,
  AgencyHostRemoved,
  AgencyShareRatiosSet,
  AgencyPeriodSettled,
  CharmPaymentSubmitted,
  CharmPaymentConfirmed,
  AgencyVerified,
  HostAgencyClaimed,
  HostAgencyReleased,
  HostPayoutAuthorized,
  AgencyInvitationSent,
  AgencyInvitationAccepted,
  AgencyInvitationDeclined,
  AgencyLeft,
} as const;
export type AgencyEvent = EventUnionOf<
  typeof guildEventSchemas,
  | 'AgencyCreated'
  | 'AgencyHostAdded'
  | 'AgencyHostRemoved'
  | 'AgencyShareRatiosSet'
  | 'AgencyPeriodSettled'
  | 'CharmPaymentSubmitted'
  | 'CharmPaymentConfirmed'
  | 'AgencyVerified'
>;
export type HostMembershipEvent = EventUnionOf<
  typeof guildEventSchemas,
  | 'HostAgencyClaimed'
  | 'HostAgencyReleased'
  | 'HostPayoutAuthorized'
  | 'AgencyInvitationSent'
  | 'AgencyInvitationAccepted'
  | 'AgencyInvitationDeclined'
  | 'AgencyLeft'
>;

// DTOs ------------------------------------------------------------------------------------------

export const GiftReceiptDto = z.object({
  id: z.string(),
  host: z.object({ uid: z.string(), username: z.string() }),
  sender: z.object({ uid: z.string(), username: z.string() }),
  gift: z.object({ id: z.string(), name: z.string(), quantity: z.number(), diamondValue: z.number(), charmValue: z.number() }),
  guildSharePct: z.number(),
  hostSharePct: z.number(),
  guildCharm: z.number(),
  hostCharm: z.number(),
  sentAt: z.string(),
});
export type GiftReceiptDto = z.infer<typeof GiftReceiptDto>;

export const SettlementDto = z.object({
  settlementId: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  receiptCount: z.number(),
  charmTotal: z.number(),
  guildCharm: z.number(),
  amountToSettle: z.number(),
  paidCharm: z.number(),
  status: z.enum(['pending', 'partially_paid', 'paid']),
  date: z.string(),
  hosts: z.array(SettlementHostLine),
});
export type SettlementDto = z.infer<typeof SettlementDto>;

export const CharmPaymentDto = z.object({
  paymentId: z.string(),
  agencyId: z.string(),
  host: z.object({ uid: z.string(), username: z.string() }),
  amountCharm: z.number(),
  proofUrl: z.string(),
  settlementId: z.string().nullable(),
  status: z.enum(['submitted', 'confirmed']),
  submittedAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type CharmPaymentDto = z.infer<typeof CharmPaymentDto>;

export const AgencyDto = z.object({
  agencyId: z.string(),
  name: z.string(),
  ownerUid: z.string(),
  guildSharePct: z.number(),
  hostSharePct: z.number(),
  /** Each host with the charm received since the end of the agency's last settled period. */
  roster: z.array(
    z.object({
      uid: z.string(),
      username: z.string(),
      profilePicUrl: z.string().nullable(),
      joinedAt: z.string(),
      unsettledCharm: z.number(),
      unsettledHostCharm: z.number(),
    }),
  ),
  lastSettledUntil: z.string().nullable(),
});
export type AgencyDto = z.infer<typeof AgencyDto>;

/** GET guild/agencies/{agencyId}/invitations: the creators the agency invited who have not answered yet. */
export const AgencyInvitationList = z.object({
  items: z.array(
    z.object({ host: z.object({ uid: z.string(), username: z.string(), profilePicUrl: z.string().nullable() }), invitedAt: z.string() }),
  ),
});
export type AgencyInvitationList = z.infer<typeof AgencyInvitationList>;
/** GET guild/invitations: the caller's agency (if any) and the invitations waiting for their answer. */
export const MyAgencyInvitations = z.object({
  membership: z.object({ agencyId: z.string(), name: z.string(), joinedAt: z.string() }).nullable(),
  items: z.array(
    z.object({
      agencyId: z.string(),
      name: z.string(),
      invitedBy: z.object({ uid: z.string(), username: z.string() }),
      invitedAt: z.string(),
    }),
  ),
});
export type MyAgencyInvitations = z.infer<typeof MyAgencyInvitations>;

/** GET guild/agencies: the caller's agencies with their host counts. */
export const AgencyListItem = z.object({
  agencyId: z.string(),
  name: z.string(),
  guildSharePct: z.number(),
  hostSharePct: z.number(),
  hostCount: z.number().int(),
});
export const AgencyList = z.object({ items: z.array(AgencyListItem) });
export const GiftReceiptPage = paged(GiftReceiptDto);
export const SettlementPage = paged(SettlementDto);
export const CharmPaymentPage = paged(CharmPaymentDto);
/** GET guild/agencies/{agencyId}/preview: what settling the period would total. */
export const SettlementPreviewDto = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  receiptCount: z.number().int(),
  charmTotal: z.number(),
  guildCharm: z.number(),
  amountToSettle: z.number(),
});
export type SettlementPreviewDto = z.infer<typeof SettlementPreviewDto>;

// Operators' console ------------------------------------------------------------

/** POST console/agencies/{agencyId}/verify: why (kept in the audit trail). */
export const VerifyAgencyBody = z.object({
  note: z
    .string()
    .trim()
    .min(1, formatText(texts.required, { field: 'Note' }))
    .max(120, 'The note must be at most 120 characters.'),
});
const ConsoleVerification = { verifiedAt: z.string().nullable(), verifiedBy: z.string().nullable() };
/** GET console/agencies: every agency, unverified first. */
export const ConsoleAgencyItem = z.object({
  agencyId: z.string(),
  name: z.string(),
  owner: z.object({ uid: z.string(), username: z.string() }),
  hostCount: z.number().int(),
  guildSharePct: z.number(),
  hostSharePct: z.number(),
  createdAt: z.string(),
  ...ConsoleVerification,
});
export type ConsoleAgencyItem = z.infer<typeof ConsoleAgencyItem>;
export const ConsoleAgencyPage = paged(ConsoleAgencyItem);
/** GET console/agencies/{agencyId}: the agency with its roster (as its owner sees it) and verification. */
export const ConsoleAgencyDetail = AgencyDto.extend(ConsoleVerification);
export type ConsoleAgencyDetail = z.infer<typeof ConsoleAgencyDetail>;

// Command answers ---------------------------------------------------------------------------------

export const AgencyCreatedAnswer = commandAnswer({ agencyId: z.string() });
/** POST guild/agencies/{agencyId}/settlements: the settled period's figures. */
export const PeriodSettledAnswer = commandAnswer({
  settlementId: z.string(),
  amountToSettle: z.number(),
  receiptCount: z.number(),
  diamondTotal: z.number(),
  charmTotal: z.number(),
  guildCharm: z.number(),
  hostCharm: z.number(),
  hosts: z.array(SettlementHostLine),
});
export const CharmPaymentSubmittedAnswer = commandAnswer({ paymentId: z.string() });

/** `GET /guild/agencies/{agencyId}/receipts`: a page of gift receipts, narrowed by host and time. */
export const GiftReceiptQuery = PageQuery.extend({
  hostUid: z.string().max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
