// Progression (docs/decisions/progression.md): the one catalogue of EXP rules, the level curve, missions,
// quests, fragments and EXP for friends; the events of `progression-{uid}`; the DTOs of its pages.
import { z } from 'zod';
import { commandAnswer } from './answers.ts';
import { paged } from './paging.ts';
import type { EventUnionOf } from './event-map.ts';
import { weekIdOf } from './periods.ts';
import { keptItemKinds, type KeptItemKind } from './money-rules.ts';

// ---- the catalogue: every number of progression lives here ----------------------------------

/** How EXP is earned from events already in the log (docs/decisions.md, "Progression"). */
export const expRules = {
  /** 1 EXP per this many diamonds of gifts sent (counted on the running total, so nothing is lost to rounding). */
  diamondsSentPerExp: 10,
  /** 1 EXP per this many charm received from gifts. */
  charmReceivedPerExp: 10,
  /** EXP per whole minute on a mic seat, and at most this many EXP from seats per UTC day. */
  micMinuteExp: 1,
  micDailyCap: 120,
  /** EXP per lobby chat message, and at most this many EXP from chat per UTC day. */
  chatMessageExp: 1,
  chatDailyCap: 20,
  /** EXP for the first sign-in of a UTC day. */
  dailySignInExp: 10,
} as const;

export const levelCurve = {
  /** Level L needs expPerLevelStep x L x (L - 1) EXP in total. */
  expPerLevelStep: 50,
  maxLevel: 99,
} as const;

/** Total EXP needed to reach `level` (level 1 at 0, level 2 at 100, level 10 at 4,500). */
export function expForLevel(level: number): number {
  const l = Math.min(Math.max(1, Math.floor(level)), levelCurve.maxLevel);
  return levelCurve.expPerLevelStep * l * (l - 1);
}

/** The level an EXP total reaches, capped at 99. */
export function levelOf(exp: number): number {
  // Inverse of 50 L (L - 1) <= exp, corrected for floating error at exact thresholds.
  let level = Math.floor((1 + Math.sqrt(1 + (4 * Math.max(0, exp)) / levelCurve.expPerLevelStep)) / 2);
  while (level > 1 && expForLevel(level) > exp) level--;
  while (level < levelCurve.maxLevel && expForLevel(level + 1) <= exp) level++;
  return Math.min(Math.max(1, level), levelCurve.maxLevel);
}

/** Spec section 3 `expPercentage`: progress from the current level to the next, 0-100 (100 at the cap). */
export function expPercentage(exp: number): number {
  const level = levelOf(exp);
  if (level >= levelCurve.maxLevel) return 100;
  const from = expForLevel(level);
  const to = expForLevel(level + 1);
  return Math.floor(((exp - from) * 100) / (to - from));
}

/** What a user's progress is counted in; each mission and quest step names one. */
export const ProgressMetric = z.enum([
  'gifts_sent',
  'gifts_received',
  'mic_minutes',
  'host_minutes',
  'chat_messages',
  'follows',
  'topups',
  'lobbies_hosted',
  'followers',
  'level',
]);
export type ProgressMetric = z.infer<typeof ProgressMetric>;

export const FragmentKind = z.enum(['star', 'heart', 'gift']);
export type FragmentKind = z.infer<typeof FragmentKind>;

export const Reward = z.object({
  exp: z.number().int().nonnegative(),
  diamonds: z.number().int().nonnegative(),
  fragments: z.array(z.object({ kind: FragmentKind, count: z.number().int().positive() })),
});
export type Reward = z.infer<typeof Reward>;

const reward = (exp: number, extra: { diamonds?: number; fragments?: Reward['fragments'] } = {}): Reward => ({
  exp,
  diamonds: extra.diamonds ?? 0,
  fragments: extra.fragments ?? [],
});

export const MissionPeriod = z.enum(['daily', 'weekly']);
export type MissionPeriod = z.infer<typeof MissionPeriod>;

export interface MissionDefinition {
  id: string;
  period: MissionPeriod;
  title: string;
  metric: ProgressMetric;
  target: number;
  reward: Reward;
}

/** Daily missions reset at 00:00 UTC, weekly ones on Monday 00:00 UTC. */
export const missions: readonly MissionDefinition[] = [
  { id: 'daily-send-gift', period: 'daily', title: 'Send a gift', metric: 'gifts_sent', target: 1, reward: reward(20) },
  { id: 'daily-mic-10', period: 'daily', title: 'Spend 10 minutes on a mic', metric: 'mic_minutes', target: 10, reward: reward(20) },
  { id: 'daily-chat-5', period: 'daily', title: 'Send 5 chat messages in lobbies', metric: 'chat_messages', target: 5, reward: reward(10) },
  { id: 'daily-follow', period: 'daily', title: 'Follow someone', metric: 'follows', target: 1, reward: reward(10) },
  {
    id: 'weekly-topup',
    period: 'weekly',
    title: 'Top up once',
    metric: 'topups',
    target: 1,
    reward: reward(100, { fragments: [{ kind: 'star', count: 1 }] }),
  },
  {
    id: 'weekly-host-60',
    period: 'weekly',
    title: 'Host a lobby for 60 minutes',
    metric: 'host_minutes',
    target: 60,
    reward: reward(100, { fragments: [{ kind: 'heart', count: 1 }] }),
  },
  {
    id: 'weekly-receive-10',
    period: 'weekly',
    title: 'Receive 10 gifts',
    metric: 'gifts_received',
    target: 10,
    reward: reward(0, { diamonds: 50 }),
  },
];

export interface QuestStep {
  id: string;
  title: string;
  metric: ProgressMetric;
  target: number;
  reward: Reward;
}

export interface QuestDefinition {
  id: string;
  title: string;
  description: string;
  /** Steps are done in order: a step can be claimed once the one before it was. */
  steps: readonly QuestStep[];
}

/** One-off achievement chains; counted over the account's whole life. */
export const quests: readonly QuestDefinition[] = [
  {
    id: 'generous',
    title: 'Generous heart',
    description: 'Gifts make a lobby glow.',
    steps: [
      {
        id: 'generous-1',
        title: 'Send your first gift',
        metric: 'gifts_sent',
        target: 1,
        reward: reward(50, { fragments: [{ kind: 'gift', count: 1 }] }),
      },
      {
        id: 'generous-2',
        title: 'Send 10 gifts',
        metric: 'gifts_sent',
        target: 10,
        reward: reward(100, { fragments: [{ kind: 'gift', count: 2 }] }),
      },
      {
        id: 'generous-3',
        title: 'Send 100 gifts',
        metric: 'gifts_sent',
        target: 100,
        reward: reward(300, { fragments: [{ kind: 'gift', count: 3 }] }),
      },
    ],
  },
  {
    id: 'host',
    title: 'On stage',
    description: 'Open your own lobby and keep it going.',
    steps: [
      {
        id: 'host-1',
        title: 'Host your first lobby',
        metric: 'lobbies_hosted',
        target: 1,
        reward: reward(50, { fragments: [{ kind: 'heart', count: 1 }] }),
      },
      {
        id: 'host-2',
        title: 'Host for 60 minutes in all',
        metric: 'host_minutes',
        target: 60,
        reward: reward(100, { fragments: [{ kind: 'heart', count: 2 }] }),
      },
    ],
  },
  {
    id: 'popular',
    title: 'Rising voice',
    description: 'People who follow you hear when you go live.',
    steps: [
      {
        id: 'popular-1',
        title: 'Reach 10 followers',
        metric: 'followers',
        target: 10,
        reward: reward(100, { fragments: [{ kind: 'star', count: 2 }] }),
      },
      { id: 'popular-2', title: 'Reach 100 followers', metric: 'followers', target: 100, reward: reward(500, { diamonds: 100 }) },
    ],
  },
  {
    id: 'climber',
    title: 'Climber',
    description: 'Levels come from everything you do on Murmur.',
    steps: [
      {
        id: 'climber-1',
        title: 'Reach level 5',
        metric: 'level',
        target: 5,
        reward: reward(0, { fragments: [{ kind: 'star', count: 2 }] }),
      },
      { id: 'climber-2', title: 'Reach level 10', metric: 'level', target: 10, reward: reward(0, { diamonds: 100 }) },
    ],
  },
  {
    id: 'supporter',
    title: 'Supporter',
    description: 'Top up to send bigger gifts.',
    steps: [
      {
        id: 'supporter-1',
        title: 'Make your first top-up',
        metric: 'topups',
        target: 1,
        reward: reward(100, {
          fragments: [
            { kind: 'star', count: 1 },
            { kind: 'heart', count: 1 },
          ],
        }),
      },
    ],
  },
];

export interface FragmentDefinition {
  kind: FragmentKind;
  name: string;
  /** Fragments of this kind that combine into one item. */
  needed: number;
  item: { skuId: string; skuKind: KeptItemKind; name: string; days: number | null };
}

export const fragments: readonly FragmentDefinition[] = [
  {
    kind: 'star',
    name: 'Star fragment',
    needed: 10,
    item: { skuId: 'frame-starlight', skuKind: 'frame', name: 'Starlight frame', days: 7 },
  },
  {
    kind: 'heart',
    name: 'Heart fragment',
    needed: 10,
    item: { skuId: 'badge-sweetheart', skuKind: 'badge', name: 'Sweetheart badge', days: 7 },
  },
  // A tier-2 gift of the catalogue (gifting.ts), kept in the inventory.
  { kind: 'gift', name: 'Gift fragment', needed: 10, item: { skuId: 'gift-teddy', skuKind: 'gift', name: 'Teddy Bear', days: null } },
];

export const expForFriends = {
  /** A friend who joined with the token reaching this level gives both of them `bonusExp`, once per friend. */
  level: 5,
  bonusExp: 200,
} as const;

export const questPlatform = {
  /** A signed webhook older or newer than this is refused (replay window). */
  webhookWindowSeconds: 300,
  /** A link proof is valid this long after the platform signed it. */
  linkProofSeconds: 600,
  /** At most this many EXP per imported platform event. */
  maxImportedExp: 1000,
} as const;

export const progressionTexts = {
  missionNotFound: 'This mission does not exist.',
  questNotFound: 'This quest step does not exist.',
  notComplete: 'This mission is not complete yet.',
  questStepLocked: 'Finish the step before this one first.',
  wrongPeriod: 'This mission period has ended.',
  alreadyClaimed: 'You already claimed this reward.',
  notYourMission: 'You can only claim your own missions.',
  notEnoughFragments: 'You need {n} fragments to combine.',
  tokenNotFound: 'This EXP for friends token does not exist.',
  ownToken: 'You cannot join with your own token.',
  alreadyJoined: "You already joined with a friend's token.",
  tooLate: 'Only friends below level {n} can join with a token.',
  badProof: 'The quest platform could not confirm this account.',
  accountTaken: 'This quest account is linked to another Murmur account.',
  notLinked: 'No quest account is linked.',
  badSignature: 'Invalid webhook signature.',
  staleWebhook: 'The webhook timestamp is outside the allowed window.',
} as const;

export const findMission = (id: string): MissionDefinition | undefined => missions.find((m) => m.id === id);
export const findFragment = (kind: string): FragmentDefinition | undefined => fragments.find((f) => f.kind === kind);

/** A quest step with its quest and its place in the chain. */
export function findQuestStep(stepId: string): { quest: QuestDefinition; step: QuestStep; index: number } | undefined {
  for (const quest of quests) {
    const index = quest.steps.findIndex((s) => s.id === stepId);
    if (index >= 0) return { quest, step: quest.steps[index]!, index };
  }
  return undefined;
}

/** The period a mission's progress and claim belong to: the UTC day, or the week's Monday. */
export function periodIdOf(period: MissionPeriod, at: Date): string {
  return period === 'daily' ? at.toISOString().slice(0, 10) : weekIdOf(at);
}

/** When the period containing `at` ends (the next reset). */
export function periodEnd(period: MissionPeriod, at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (period === 'daily') return new Date(day + 86_400_000);
  return new Date(new Date(`${weekIdOf(at)}T00:00:00.000Z`).getTime() + 7 * 86_400_000);
}

/** Splits [from, to) at UTC midnights into whole minutes per day: a seat across midnight counts on
 * both days (the projection and the live progress of an open seat count alike). */
export function minutesPerDay(from: Date, to: Date): Array<{ day: Date; minutes: number }> {
  const out: Array<{ day: Date; minutes: number }> = [];
  let start = from.getTime();
  const end = to.getTime();
  while (start < end) {
    const chunkEnd = Math.min(end, Math.floor(start / 86_400_000) * 86_400_000 + 86_400_000);
    const minutes = Math.floor((chunkEnd - start) / 60_000);
    if (minutes > 0) out.push({ day: new Date(start), minutes });
    start = chunkEnd;
  }
  return out;
}

/** The metric keys as stored per period: a UTC day, a week, or `all` (the account's life). */
export const LIFETIME = 'all';

// ---- events of progression-{uid} ------------------------------------------------------------

export const RewardSource = z.enum(['mission', 'quest', 'friend_bonus']);
export type RewardSource = z.infer<typeof RewardSource>;

/** A mission, quest step or friend bonus claimed: once per (source, id, period) on the user's stream. */
export const RewardClaimedData = z.object({
  uid: z.string(),
  /** `{source}:{sourceId}:{periodId}`; the diamonds' idempotency key and ledger reference derive from it. */
  claimId: z.string(),
  source: RewardSource,
  sourceId: z.string(),
  periodId: z.string(),
  title: z.string(),
  reward: Reward,
  claimedAt: z.string(),
});
export type RewardClaimedData = z.infer<typeof RewardClaimedData>;

export const FragmentsCombinedData = z.object({
  uid: z.string(),
  combineId: z.string(),
  kind: FragmentKind,
  used: z.number().int().positive(),
  item: z.object({ skuId: z.string(), skuKind: z.enum(keptItemKinds), name: z.string() }),
  combinedAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type FragmentsCombinedData = z.infer<typeof FragmentsCombinedData>;

/** Appended by the level announcer when the projected EXP crosses a level: the live level-up. */
export const LevelReachedData = z.object({ uid: z.string(), level: z.number().int().min(2), exp: z.number().int(), reachedAt: z.string() });
export type LevelReachedData = z.infer<typeof LevelReachedData>;

/** A friend joined with someone's EXP-for-friends token (on the friend's stream: at most once). */
export const FriendTokenUsedData = z.object({ uid: z.string(), inviterUid: z.string(), token: z.string(), joinedAt: z.string() });
export type FriendTokenUsedData = z.infer<typeof FriendTokenUsedData>;

/** The friend reached the level: both get the bonus (on the friend's stream: once per friend). */
export const FriendBonusGrantedData = z.object({
  uid: z.string(),
  inviterUid: z.string(),
  exp: z.number().int().positive(),
  level: z.number().int(),
  grantedAt: z.string(),
});
export type FriendBonusGrantedData = z.infer<typeof FriendBonusGrantedData>;

/** A user's token, on `frens-token-{token}` (no_stream: a token names one user). */
export const FriendTokenIssuedData = z.object({ uid: z.string(), token: z.string(), issuedAt: z.string() });
export type FriendTokenIssuedData = z.infer<typeof FriendTokenIssuedData>;

export const QuestAccountLinkedData = z.object({ uid: z.string(), platformUserId: z.string(), handle: z.string(), linkedAt: z.string() });
export type QuestAccountLinkedData = z.infer<typeof QuestAccountLinkedData>;
export const QuestAccountUnlinkedData = z.object({ uid: z.string(), platformUserId: z.string(), unlinkedAt: z.string() });
export type QuestAccountUnlinkedData = z.infer<typeof QuestAccountUnlinkedData>;
/** EXP earned on the quest platform, imported once per platform event id. */
export const QuestExpImportedData = z.object({
  uid: z.string(),
  platformUserId: z.string(),
  platformEventId: z.string(),
  questTitle: z.string(),
  exp: z.number().int().positive(),
  importedAt: z.string(),
});
export type QuestExpImportedData = z.infer<typeof QuestExpImportedData>;

export const progressionEventSchemas = {
  RewardClaimed: RewardClaimedData,
  FragmentsCombined: FragmentsCombinedData,
  LevelReached: LevelReachedData,
  FriendTokenUsed: FriendTokenUsedData,
  FriendBonusGranted: FriendBonusGrantedData,
  FriendTokenIssued: FriendTokenIssuedData,
  QuestAccountLinked: QuestAccountLinkedData,
  QuestAccountUnlinked: QuestAccountUnlinkedData,
  QuestExpImported: QuestExpImportedData,
} as const;

export type ProgressionEvent = EventUnionOf<typeof progressionEventSchemas>;

// ---- command bodies -------------------------------------------------------------------------

export const ClaimBody = z.object({
  /** The period the page showed; a claim for a period that has ended is refused. */
  periodId: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The period is a date (YYYY-MM-DD).')
    .optional(),
  /** The account the page was opened for; someone else's mission is refused. */
  uid: z.string().max(128).optional(),
});
export const CombineFragmentsBody = z.object({ kind: FragmentKind });
export const JoinWithTokenBody = z.object({ token: z.string().trim().min(4).max(40) });
export const LinkQuestAccountBody = z.object({ proof: z.string().min(10).max(2000) });

// ---- DTOs -----------------------------------------------------------------------------------

export const LevelDto = z.object({
  uid: z.string(),
  exp: z.number().int(),
  level: z.number().int(),
  expPercentage: z.number().int(),
  currentLevelExp: z.number().int(),
  nextLevelExp: z.number().int().nullable(),
  today: z.object({
    micExp: z.number().int(),
    micCap: z.number().int(),
    chatExp: z.number().int(),
    chatCap: z.number().int(),
    signedIn: z.boolean(),
  }),
});
export type LevelDto = z.infer<typeof LevelDto>;

export const ExpEntryDto = z.object({ id: z.string(), source: z.string(), detail: z.string(), exp: z.number().int(), at: z.string() });
export type ExpEntryDto = z.infer<typeof ExpEntryDto>;

export const MissionDto = z.object({
  id: z.string(),
  period: MissionPeriod,
  periodId: z.string(),
  resetsAt: z.string(),
  title: z.string(),
  metric: ProgressMetric,
  progress: z.number().int(),
  target: z.number().int(),
  reward: Reward,
  status: z.enum(['in_progress', 'claimable', 'claimed']),
});
export type MissionDto = z.infer<typeof MissionDto>;

export const QuestStepDto = z.object({
  id: z.string(),
  title: z.string(),
  progress: z.number().int(),
  target: z.number().int(),
  reward: Reward,
  status: z.enum(['locked', 'in_progress', 'claimable', 'claimed']),
});
export const QuestDto = z.object({ id: z.string(), title: z.string(), description: z.string(), steps: z.array(QuestStepDto) });
export type QuestDto = z.infer<typeof QuestDto>;

export const ClaimResultDto = z.object({ claimId: z.string(), reward: Reward, position: z.string(), level: z.number().int().optional() });
export type ClaimResultDto = z.infer<typeof ClaimResultDto>;

export const RewardHistoryItemDto = z.object({
  claimId: z.string(),
  source: z.enum(['mission', 'quest', 'friend_bonus', 'quest_platform']),
  title: z.string(),
  reward: Reward,
  claimedAt: z.string(),
});
export type RewardHistoryItemDto = z.infer<typeof RewardHistoryItemDto>;

export const FragmentDto = z.object({
  kind: FragmentKind,
  name: z.string(),
  count: z.number().int(),
  needed: z.number().int(),
  item: z.object({ skuId: z.string(), skuKind: z.string(), name: z.string(), days: z.number().int().nullable() }),
});
export type FragmentDto = z.infer<typeof FragmentDto>;

export const LobbyLevelDto = z.object({
  lobbyId: z.string(),
  title: z.string(),
  exp: z.number().int(),
  level: z.number().int(),
  expPercentage: z.number().int(),
  liveMinutes: z.number().int(),
  giftDiamonds: z.number().int(),
});
export type LobbyLevelDto = z.infer<typeof LobbyLevelDto>;

export const FriendsDto = z.object({
  token: z.string(),
  link: z.string(),
  level: z.number().int(),
  bonusExp: z.number().int(),
  joinedWith: z.object({ uid: z.string(), username: z.string() }).nullable(),
  friends: z.array(
    z.object({ uid: z.string(), username: z.string(), level: z.number().int(), rewarded: z.boolean(), joinedAt: z.string() }),
  ),
});
export type FriendsDto = z.infer<typeof FriendsDto>;

/** Spec section 3 "Quest account": authStep, toast, connected account, account, exp. */
export const QuestAccountDto = z.object({
  authStep: z.enum(['connect', 'authorize', 'connected']),
  connected: z.boolean(),
  account: z.object({ platformUserId: z.string(), handle: z.string(), linkedAt: z.string() }).nullable(),
  exp: z.number().int(),
  imports: z.array(z.object({ platformEventId: z.string(), questTitle: z.string(), exp: z.number().int(), importedAt: z.string() })),
  authorizeUrl: z.string(),
});
export type QuestAccountDto = z.infer<typeof QuestAccountDto>;

// Lists and command answers ------------------------------------------------------------------------

/** GET progression/levels/{uid}: a user's level as others see it. */
export const UserLevelDto = z.object({ uid: z.string(), level: z.number().int(), expPercentage: z.number().int() });
export const ExpHistoryPage = paged(ExpEntryDto);
export const MissionList = z.object({ items: z.array(MissionDto) });
export const QuestList = z.object({ items: z.array(QuestDto) });
export const RewardHistoryPage = paged(RewardHistoryItemDto);
export const FragmentList = z.object({ items: z.array(FragmentDto) });
export const LobbyLevelList = z.object({ items: z.array(LobbyLevelDto) });
export const OwnLobbyLevels = z.object({ mine: z.array(LobbyLevelDto), top: z.array(LobbyLevelDto) });

/** The quest platform's webhook: received, and whether this event id was imported before. */
export const QuestWebhookReceived = commandAnswer({ received: z.literal(true), duplicate: z.boolean() });
/** progression/fragments/combine: the item the fragments became (the event as recorded). */
export const FragmentsCombinedAnswer = commandAnswer({ item: FragmentsCombinedData.nullable() });
export const FriendTokenAnswer = commandAnswer({ token: z.string() });
export const FriendJoinedAnswer = commandAnswer({ inviterUid: z.string() });
export const QuestAccountLinkedAnswer = commandAnswer({ account: z.object({ platformUserId: z.string(), handle: z.string() }) });
/** The demo's sandbox authorize step: a signed link proof. */
export const SandboxLinkProof = z.object({ proof: z.string() });

/** `GET /progression/lobby-levels`: comma-separated lobby ids (unknown-looking ids are dropped, 100 at most). */
export const LobbyLevelsQuery = z.object({
  ids: z
    .string()
    .max(2000)
    .transform((s) =>
      s
        .split(',')
        .filter((x) => /^[\w-]{1,100}$/.test(x))
        .slice(0, 100),
    ),
});
