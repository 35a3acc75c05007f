// Becoming a host (docs/decisions/host-applications.md): a user applies with a short form and accepts the
// host terms; an admin approves (role `h` and the Verified Host badge) or rejects with a reason.
// Every application of a user lives on `hostapplication-{uid}`, so "one open application per user"
// is decided on that one stream with its expected version.
import { z } from 'zod';
import { UserCard } from './answers.ts';
import { paged } from './paging.ts';

export const hostApplicationLimits = {
  aboutMin: 20,
  aboutMax: 1000,
  topicsMax: 200,
  hoursMin: 1,
  hoursMax: 80,
  reasonMax: 300,
} as const;

/** The version of the terms an applicant accepts, recorded on the application. */
export const hostTermsVersion = '2026-11';

/** The host terms shown beside the form; accepting them is part of applying. */
export const hostTerms = [
  'I host in a friendly, respectful way and follow the community rules.',
  'I am at least 18 years old and the account is mine alone.',
  'Gifts I receive become charm at the platform share; charm is paid out under the withdrawal rules.',
  'Murmur may remove the host role and the Verified Host badge if these terms are broken.',
] as const;

export const hostApplicationTexts = {
  aboutLength: `Tell us about yourself in ${hostApplicationLimits.aboutMin} to ${hostApplicationLimits.aboutMax.toLocaleString('en-US')} characters.`,
  topicsLength: `Name what you will host in 1 to ${hostApplicationLimits.topicsMax} characters.`,
  hours: `Hours per week must be a whole number from ${hostApplicationLimits.hoursMin} to ${hostApplicationLimits.hoursMax}.`,
  acceptTerms: 'Please accept the host terms to apply.',
  alreadyPending: 'You already have an application waiting for review.',
  alreadyHost: 'You are already a verified host.',
  guestCannotApply: 'Please sign in with an account to apply.',
  notFound: 'Application not found.',
  alreadyDecided: 'This application has already been decided.',
  reasonRequired: 'Please give the applicant a reason for the rejection.',
  reasonLength: `The reason can be at most ${hostApplicationLimits.reasonMax} characters.`,
  submitted: 'Application sent. An admin will review it soon.',
  approved: 'Approved: you are now a Verified Host.',
  rejected: 'Your application was not approved.',
} as const;

export const HostApplicationStatus = z.enum(['pending', 'approved', 'rejected']);
export type HostApplicationStatus = z.infer<typeof HostApplicationStatus>;

/** POST host/application: the form. */
export const HostApplicationBody = z.object({
  about: z
    .string()
    .trim()
    .min(hostApplicationLimits.aboutMin, hostApplicationTexts.aboutLength)
    .max(hostApplicationLimits.aboutMax, hostApplicationTexts.aboutLength),
  topics: z
    .string()
    .trim()
    .min(1, hostApplicationTexts.topicsLength)
    .max(hostApplicationLimits.topicsMax, hostApplicationTexts.topicsLength),
  hoursPerWeek: z.coerce
    .number()
    .int(hostApplicationTexts.hours)
    .min(hostApplicationLimits.hoursMin, hostApplicationTexts.hours)
    .max(hostApplicationLimits.hoursMax, hostApplicationTexts.hours),
  acceptTerms: z.literal(true, hostApplicationTexts.acceptTerms),
});
export type HostApplicationBody = z.infer<typeof HostApplicationBody>;

/** An admin's decision on the application it saw (`applicationId`), so a stale screen never decides a newer one. */
export const HostApplicationDecisionBody = z
  .object({
    applicationId: z.string().min(1, hostApplicationTexts.notFound).max(200),
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(hostApplicationLimits.reasonMax, hostApplicationTexts.reasonLength).optional(),
  })
  .refine((b) => b.decision === 'approve' || (b.reason !== undefined && b.reason.length > 0), {
    message: hostApplicationTexts.reasonRequired,
    path: ['reason'],
  });
export type HostApplicationDecisionBody = z.infer<typeof HostApplicationDecisionBody>;

export const HostApplicationListQuery = z.object({
  status: HostApplicationStatus.default('pending'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type HostApplicationListQuery = z.infer<typeof HostApplicationListQuery>;

export const HostApplicationDto = z.object({
  applicationId: z.string(),
  applicant: UserCard,
  status: HostApplicationStatus,
  about: z.string(),
  topics: z.string(),
  hoursPerWeek: z.number().int(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The rejection's reason, shown to the applicant. */
  reason: z.string().nullable(),
});
export type HostApplicationDto = z.infer<typeof HostApplicationDto>;

/** GET host/application: the caller's latest application (null: never applied) and whether they host. */
export const MyHostApplication = z.object({ isHost: z.boolean(), application: HostApplicationDto.nullable() });
export type MyHostApplication = z.infer<typeof MyHostApplication>;

export const HostApplicationPage = paged(HostApplicationDto);
export type HostApplicationPage = z.infer<typeof HostApplicationPage>;

export const HostApplicationAnswer = z.object({
  position: z.string(),
  applicationId: z.string(),
  status: HostApplicationStatus,
});
export type HostApplicationAnswer = z.infer<typeof HostApplicationAnswer>;

// ---- hostapplication-{uid} ---------------------------------------------------------------------

export const HostApplicationSubmittedData = z.object({
  applicationId: z.string(),
  uid: z.string(),
  about: z.string(),
  topics: z.string(),
  hoursPerWeek: z.number().int(),
  termsVersion: z.string(),
  submittedAt: z.string(),
});
export const HostApplicationApprovedData = z.object({
  applicationId: z.string(),
  uid: z.string(),
  decidedBy: z.string(),
  decidedAt: z.string(),
});
export const HostApplicationRejectedData = z.object({
  applicationId: z.string(),
  uid: z.string(),
  decidedBy: z.string(),
  reason: z.string(),
  decidedAt: z.string(),
});

export const hostApplicationEventSchemas = {
  HostApplicationSubmitted: HostApplicationSubmittedData,
  HostApplicationApproved: HostApplicationApprovedData,
  HostApplicationRejected: HostApplicationRejectedData,
} as const;

/** The badge approval gives: owned for ever, shown beside the name wherever badges show. */
export const verifiedHostBadge = {
  id: 'verified-host',
  kind: 'badge' as const,
  name: 'Verified Host',
  imageUrl: '/gifts/verified-host.svg',
};
