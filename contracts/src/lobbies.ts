// Lobbies and private timed rooms (docs/decisions/lobbies.md): command bodies, events, DTOs and
// the lobby-specific constants and texts.
import { z } from 'zod';
import { lobbyToolEventSchemas } from './lobby-tools.ts';
import { LobbyChatMessageType } from './chat-message-type.ts';
import { operatorChatEventSchemas } from './moderation.ts';
import { commandAnswer, UserCard } from './answers.ts';
import { limits, rooms } from './constants.ts';
import { formatText, texts } from './errors.ts';
import type { EventUnionOf } from './event-map.ts';
import { MediaAnswer } from './media.ts';
import { PageQuery, paged } from './paging.ts';

export const LobbyKind = z.enum(['public', 'private', 'streaming']);
export type LobbyKind = z.infer<typeof LobbyKind>;

export const lobbyCategories = ['all', 'chatting', 'event', 'gaming', 'karaoke', 'party'] as const;
export const LobbyCategory = z.enum(lobbyCategories);
export type LobbyCategory = z.infer<typeof LobbyCategory>;

export const LobbyLanguage = z.enum(['ENG', 'FIL', 'ES']);
export type LobbyLanguage = z.infer<typeof LobbyLanguage>;

/** Lobby and room status (docs/decisions/lobbies.md). */
export const LobbyStatus = z.enum(['waiting', 'started', 'ended', 'terminated', 'inactive']);
export type LobbyStatus = z.infer<typeof LobbyStatus>;
export type RoomStatus = LobbyStatus;

/** A member's stage role (host, audience, cohost; docs/decisions/lobbies.md). */
export const StageRole = z.enum(['host', 'cohost', 'audience']);
export type StageRole = z.infer<typeof StageRole>;

/** Role codes (docs/decisions/lobbies.md): o owner, lad lobby admin, h lobby host, g guest, co consumer. */
export const LobbyRoleCode = z.enum(['o', 'lad', 'h', 'g', 'co']);
export type LobbyRoleCode = z.infer<typeof LobbyRoleCode>;

export const LobbyPresence = z.enum(['active', 'online', 'offline']);
export type LobbyPresence = z.infer<typeof LobbyPresence>;

export const HomeBannerType = z.enum(['home_banner', 'mobile_home_banner', 'lobby_banner', 'mobile_lobby_banner']);
export type HomeBannerType = z.infer<typeof HomeBannerType>;

export const lobbyConstants = {
  /** Seats on the stage, seat 0 being the main host's (docs/decisions.md). */
  seatCount: 8,
  /** A private timed room is one-on-one: its host and one guest. */
  roomCapacity: 2,
  /** Backgrounds a lobby may pick (ids the client maps to images). */
  backgrounds: ['bg-default', 'bg-aurora', 'bg-neon', 'bg-sunset', 'bg-galaxy', 'bg-karaoke'],
  /** Agora token lifetime. */
  mediaTokenSeconds: 3600,
  /** The Valentine's event window (UTC month/day, inclusive start, exclusive end). */
  valentines: { from: { month: 2, day: 1 }, to: { month: 2, day: 15 } },
  /** Words a block reason may not contain (docs/decisions/lobbies.md). */
  sensitiveWords: ['fuck', 'shit', 'bitch', 'cunt', 'nigger', 'faggot', 'retard'],
} as const;

/** Texts the lobby module shows. Those the spec words are taken from `texts`. */
export const lobbyTexts = {
  /** Shown to a visitor (not signed in) looking at a public lobby (spec: visitors can view; must sign in to chat). */
  visitorPrompt: 'You are watching as a visitor. Sign in to chat, take the mic and send gifts.',
  privateSignIn: 'This lobby is private. Sign in to see it.',
  /** A signed-in person who is neither a member nor invited, sent home from a private lobby's link or card. */
  privateInviteOnly: 'This lobby is private. Join it through an invite link.',
  /** A visitor (not signed in) opening a private room's link: only people signed in read a room. */
  roomSignIn: 'This room is private. Sign in to see it.',
  adminAdded: texts.adminAdded,
  adminRemoved: 'User has been removed as Lobby Admin successfully!',
  blocked: 'User has been blocked.',
  unblocked: 'User has been unblocked.',
  infoUpdated: 'Lobby info updated.',
  invalidInvite: texts.invalidInvite,
  joinFailed: texts.joinFailed,
  chatTooFast: texts.chatTooFast,
  invalidRequiredBalance: texts.invalidRequiredBalance,
  lobbyNotFound: 'This lobby does not exist.',
  lobbyClosed: 'This lobby has ended.',
  roomNotFound: 'This room does not exist.',
  roomClosed: 'This room has ended.',
  roomFull: 'This room is full.',
  roomNotStarted: 'This room has not started yet.',
  roomAlreadyStarted: 'This room has already started.',
  notInLobby: 'You are not in this lobby.',
  notInRoom: 'You are not in this room.',
  userNotInLobby: 'This user is not in the lobby.',
  noPermission: texts.noPermissionPage,
  blockedFromLobby: 'You are blocked from this lobby.',
  privateNeedsInvite: 'This lobby is private. Join it through an invite link.',
  silenced: 'You are silenced in this lobby.',
  noFreeSeat: 'There is no free seat.',
  seatTaken: 'This seat is taken.',
  alreadySeated: 'This user already has a seat.',
  notSeated: 'This user has no seat.',
  notInQueue: 'This user has not requested the mic.',
  alreadyInQueue: 'You have already requested the mic.',
  alreadyAdmin: 'This user is already a Lobby Admin.',
  notAdmin: 'This user is not a Lobby Admin.',
  alreadyBlocked: 'This user is already blocked.',
  notBlocked: 'This user is not blocked.',
  alreadySilenced: 'This user is already silenced.',
  notSilenced: 'This user is not silenced.',
  cannotTargetOwner: 'The lobby owner cannot be changed by this action.',
  cannotTargetSelf: 'You cannot do this to yourself.',
  cannotTargetHost: 'Switch the main host first.',
  notCohost: 'This user is not a co-host.',
  alreadyHost: 'This user is already the main host.',
  sensitiveWords: 'This field must not contain sensitive words.',
  languagesLimit: 'Choose up to 2 languages.',
  roomTitle: 'Room title may contain letters, numbers and emojis only.',
  roomDuration: 'Room duration must be 15, 30, 60 or 120 minutes.',
  /** A room banner that is neither a preset nor the host's own upload. */
  roomBanner: 'Pick one of the banners or upload your own picture.',
  chatMediaInvalid: 'This picture or GIF cannot be sent.',
} as const;

const maxText = formatText(texts.maxChars, { n: limits.text });
const required = (field: string) => formatText(texts.required, { field });
const emojiPattern = /\p{Extended_Pictographic}/u;

/** Required diamonds or balance: a whole number of diamonds from 0 up. */
export const RequiredDiamonds = z
  .number({ error: texts.invalidRequiredBalance })
  .int(texts.invalidRequiredBalance)
  .min(0, texts.invalidRequiredBalance)
  .max(10_000_000, texts.invalidRequiredBalance);

/** A reason (block): required, at most 120 characters, no emojis, no sensitive words (docs/decisions/lobbies.md). */
export const BlockReason = z
  .string({ error: required('Reason') })
  .trim()
  .min(1, required('Reason'))
  .max(limits.text, maxText)
  .refine((s) => !emojiPattern.test(s), texts.noSymbols)
  .refine((s) => !lobbyConstants.sensitiveWords.some((w) => s.toLowerCase().includes(w)), lobbyTexts.sensitiveWords);

/** The banners a host can pick for a private room (served by the web app under /room-banners/). */
export const roomBannerPresets = [
  { id: 'night', label: 'Night', url: '/room-banners/night.svg' },
  { id: 'sunset', label: 'Sunset', url: '/room-banners/sunset.svg' },
  { id: 'ocean', label: 'Ocean', url: '/room-banners/ocean.svg' },
  { id: 'party', label: 'Party', url: '/room-banners/party.svg' },
] as const;

/**
 * What a room's banner may be: one of the presets, or the host's own picture uploaded through the
 * three-step upload as a lobby image (its key starts `{uid}/lobby/`). Anything else (another user's
 * upload, an outside address) is refused, so a room card never shows a picture its host did not own.
 */
export function isAllowedRoomBanner(ref: string, hostUid: string): boolean {
  if (roomBannerPresets.some((p) => p.url === ref)) return true;
  const prefix = `${hostUid.replace(/[^\w-]/g, '_')}/lobby/`;
  return ref.startsWith(prefix) && /^[\w-]+\/lobby\/[\w-]+\.[a-z0-9]+$/.test(ref);
}

/** Room title: letters, numbers, spaces and emojis only. */
const roomTitlePattern = /^[\p{L}\p{N}\p{M}\p{Extended_Pictographic}\p{Emoji_Component}\s]+$/u;

const Uid = z.string().trim().min(1).max(128);
const Title = z
  .string({ error: required('Title') })
  .trim()
  .min(1, required('Title'))
  .max(limits.text, maxText);
const Url = z.string().trim().max(2048);

export const CreateLobbyBody = z.object({
  kind: LobbyKind.default('public'),
  title: Title,
  tag: z.string().trim().max(limits.text, maxText).default(''),
  description: z.string().trim().max(limits.text, maxText).default(''),
  languages: z.array(LobbyLanguage).max(limits.languages, lobbyTexts.languagesLimit).default([]),
  lobbyPhoto: Url.nullable().default(null),
  mainCategoryId: LobbyCategory.default('chatting'),
  backgroundId: z.string().trim().max(64).default('bg-default'),
  requiredDiamonds: RequiredDiamonds.default(0),
  isLive: z.boolean().default(true),
});
export type CreateLobbyBody = z.infer<typeof CreateLobbyBody>;

export const UpdateLobbyInfoBody = z
  .object({
    title: Title,
    tag: z.string().trim().max(limits.text, maxText),
    description: z.string().trim().max(limits.text, maxText),
    languages: z.array(LobbyLanguage).max(limits.languages, lobbyTexts.languagesLimit),
    lobbyPhoto: Url.nullable(),
    mainCategoryId: LobbyCategory,
    backgroundId: z.string().trim().max(64),
    isLive: z.boolean(),
    requiredDiamonds: RequiredDiamonds,
  })
  .partial();
export type UpdateLobbyInfoBody = z.infer<typeof UpdateLobbyInfoBody>;

export const BackgroundBody = z.object({ backgroundId: z.string().trim().min(1, required('Background')).max(64) });
export const LobbyTargetBody = z.object({ uid: Uid });
export const GrantMicBody = z.object({
  uid: Uid,
  seat: z
    .number()
    .int()
    .min(1)
    .max(lobbyConstants.seatCount - 1)
    .optional(),
});
export const SwitchHostBody = z.object({ uid: Uid });
export const BlockBody = z.object({ uidToBlock: Uid, reason: BlockReason });
export const UnblockBody = z.object({ uidToUnblock: Uid });
export const AddAdminBody = z.object({ uidToAdmin: Uid });
export const RemoveAdminBody = z.object({ uidToRemove: Uid });
export const PinMessageBody = z.object({ message: z.string().trim().max(limits.text, maxText).nullable() });
export const MediaTokenRefreshBody = z.object({
  tokenType: z.enum(['rtc', 'rtm']).default('rtc'),
  lobbyId: z.string().min(1).max(64),
  roomId: z.string().min(1).max(64).optional(),
});

export { LobbyChatMessageType };
/** The spec's join-lobby message post: lobbyId, roomId, payload (messageType, title, body);
 * stickers and GIFs by reference. The lobby comes from the path; a roomId sends to that room. */
export const LobbyChatBody = z.object({
  lobbyId: z.string().max(64).optional(),
  roomId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'This room does not exist.')
    .nullable()
    .optional(),
  payload: z.object({
    messageType: LobbyChatMessageType.default('text'),
    title: z.string().trim().max(limits.text, maxText).nullable().optional(),
    body: z
      .string({ error: required('Message') })
      .trim()
      .min(1, required('Message'))
      .max(1000, formatText(texts.maxChars, { n: 1000 })),
  }),
});

export const CreateRoomBody = z.object({
  title: z
    .string({ error: required('Title') })
    .trim()
    .min(1, required('Title'))
    .max(limits.text, maxText)
    .regex(roomTitlePattern, lobbyTexts.roomTitle),
  mins: z
    .number()
    .int()
    .refine((m) => (rooms.durationsMin as readonly number[]).includes(m), lobbyTexts.roomDuration)
    .default(rooms.defaultDurationMin),
  roomBannerPhoto: Url.nullable().default(null),
  requiredBalance: RequiredDiamonds.default(0),
});
export type CreateRoomBody = z.infer<typeof CreateRoomBody>;

// ---------------------------------------------------------------- events on lobby-{id}

const LobbyInfo = z.object({
  title: z.string(),
  tag: z.string(),
  description: z.string(),
  languages: z.array(LobbyLanguage),
  lobbyPhoto: z.string().nullable(),
  mainCategoryId: LobbyCategory,
  backgroundId: z.string(),
  isLive: z.boolean(),
});
export type LobbyInfo = z.infer<typeof LobbyInfo>;

export const LobbyCreated = z.object({
  lobbyId: z.string(),
  ownerUid: z.string(),
  kind: LobbyKind,
  info: LobbyInfo,
  requiredDiamonds: z.number().int(),
  seatCount: z.number().int(),
  createdAt: z.string(),
});
export const LobbyJoined = z.object({
  lobbyId: z.string(),
  uid: z.string(),
  anonymous: z.boolean(),
  inviteId: z.string().nullable(),
  /** Diamonds paid by this join (0 when free or paid before). */
  paidDiamonds: z.number().int(),
  joinedAt: z.string(),
  /** A VIP's arrival (the lobby entry effect others see; docs/decisions/vip.md). Absent on older events. */
  vip: z.boolean().optional(),
});
/** `disconnected`: no live connection to the lobby anywhere for longer than the presence grace. */
/** `disconnected`: the presence reaper took them out; `banned`: their account was banned (out of every lobby at once). */
export const LobbyLeft = z.object({
  lobbyId: z.string(),
  uid: z.string(),
  leftAt: z.string(),
  reason: z.enum(['left', 'disconnected', 'banned']).optional(),
});
/** A gateway's view of one user in one lobby, on `presence-{lobbyId}`: `gatewayId` names the
 * gateway process, so connections on several gateways are counted apart. */
export const PresenceChanged = z.object({
  lobbyId: z.string(),
  uid: z.string(),
  presence: z.enum(['online', 'offline']),
  gatewayId: z.string().optional(),
});
export type PresenceChanged = z.infer<typeof PresenceChanged>;

/** Presence timings shared by the gateway (heartbeat) and command-api (the presence reaper). */
export const presenceTimings = {
  /** A gateway renews its row in realtime_gateways this often. */
  gatewayHeartbeatMs: 5_000,
  /** A gateway whose row is older than this is taken for dead (crashed) with its connections. */
  gatewayDeadAfterMs: 15_000,
  /** A member with no live connection anywhere for this long leaves the lobby. */
  memberGraceMs: 10_000,
  /** A member who joined but whose page never connected leaves after this long. */
  firstConnectMs: 60_000,
} as const;
/** `note`: an operator's reason, shown to the removed user. */
export const LobbyUserKicked = z.object({
  lobbyId: z.string(),
  uid: z.string(),
  by: z.string(),
  at: z.string(),
  note: z.string().optional(),
});
/** `terminated`: ended by a platform operator, whose `note` the members see. */
export const LobbyEnded = z.object({
  lobbyId: z.string(),
  by: z.string(),
  reason: z.enum(['ended', 'closed', 'terminated']),
  endedAt: z.string(),
  note: z.string().optional(),
});
export const LobbyInfoUpdated = z.object({
  lobbyId: z.string(),
  by: z.string(),
  changes: LobbyInfo.partial().extend({ requiredDiamonds: z.number().int().optional() }),
  at: z.string(),
});
export const LobbyInviteCreated = z.object({ lobbyId: z.string(), inviteId: z.string(), by: z.string(), at: z.string() });
/** `place`: where the request went in the queue (0 = first), decided by the lobby: a VIP's goes after
 * the VIPs already waiting and before everyone else (docs/decisions/vip.md). Absent on older events (the end). */
export const MicRequested = z.object({
  lobbyId: z.string(),
  uid: z.string(),
  at: z.string(),
  vip: z.boolean().optional(),
  place: z.number().int().nonnegative().optional(),
});
export const MicRequestRemoved = z.object({ lobbyId: z.string(), uid: z.string(), by: z.string(), at: z.string() });
export const MicGranted = z.object({ lobbyId: z.string(), uid: z.string(), seat: z.number().int(), by: z.string(), at: z.string() });
export const UserUnseated = z.object({
  lobbyId: z.string(),
  uid: z.string(),
  seat: z.number().int(),
  by: z.string(),
  reason: z.enum(['unseated', 'cohost_removed']),
  at: z.string(),
});
export const MicMuted = z.object({ lobbyId: z.string(), uid: z.string(), by: z.string(), at: z.string() });
export const MicUnmuted = MicMuted;
export const MainHostSwitched = z.object({
  lobbyId: z.string(),
  fromUid: z.string().nullable(),
  toUid: z.string(),
  /** The seat the previous host moved to (the new host's old seat), or null when unseated. */
  fromUidSeat: z.number().int().nullable(),
  by: z.string(),
  at: z.string(),
});
export const LobbyAdminAdded = z.object({ lobbyId: z.string(), uid: z.string(), by: z.string(), at: z.string() });
export const LobbyAdminRemoved = LobbyAdminAdded;
export const LobbyUserBlocked = z.object({ lobbyId: z.string(), uid: z.string(), reason: z.string(), by: z.string(), at: z.string() });
export const LobbyUserUnblocked = z.object({ lobbyId: z.string(), uid: z.string(), by: z.string(), at: z.string() });
export const LobbyUserSilenced = z.object({ lobbyId: z.string(), uid: z.string(), by: z.string(), at: z.string() });
export const LobbyUserUnsilenced = LobbyUserSilenced;
export const LobbyMessagePinned = z.object({ lobbyId: z.string(), message: z.string().nullable(), by: z.string(), at: z.string() });

// ---------------------------------------------------------------- events on room-{id}

export const RoomCreated = z.object({
  roomId: z.string(),
  lobbyId: z.string(),
  hostUid: z.string(),
  title: z.string(),
  mins: z.number().int(),
  roomBannerPhoto: z.string().nullable(),
  requiredBalance: z.number().int(),
  /** The key of `rooms/{id}/join/{key}`: lets someone outside the lobby in. */
  inviteKey: z.string(),
  createdAt: z.string(),
});
export const RoomJoined = z.object({
  roomId: z.string(),
  lobbyId: z.string(),
  uid: z.string(),
  paidDiamonds: z.number().int(),
  joinedAt: z.string(),
});
export const RoomLeft = z.object({ roomId: z.string(), lobbyId: z.string(), uid: z.string(), leftAt: z.string() });
export const RoomStarted = z.object({ roomId: z.string(), lobbyId: z.string(), by: z.string(), startedAt: z.string(), endsAt: z.string() });
export const RoomEndReason = z.enum(['ended', 'time_up', 'lobby_ended']);
export const RoomEnded = z.object({
  roomId: z.string(),
  lobbyId: z.string(),
  /** The uid that ended it, or null when the scheduler ended it. */
  by: z.string().nullable(),
  reason: RoomEndReason,
  status: LobbyStatus,
  endedAt: z.string(),
});
export const RoomUserSilenced = z.object({ roomId: z.string(), lobbyId: z.string(), uid: z.string(), by: z.string(), at: z.string() });
export const RoomUserUnsilenced = RoomUserSilenced;

// ---------------------------------------------------------------- events on chat-{lobbyId}-{uid}

/** Chat has one stream per sender per lobby: bursts never clash with host actions or with
 * each other, and the rate limit (per user per lobby) is decided on exactly that stream. */
export const ChatMessagePosted = z.object({
  lobbyId: z.string(),
  roomId: z.string().nullable(),
  messageId: z.string(),
  uid: z.string(),
  messageType: LobbyChatMessageType,
  title: z.string().nullable(),
  body: z.string(),
  postedAt: z.string(),
});

export const lobbyEventSchemas = {
  LobbyCreated,
  LobbyJoined,
  LobbyLeft,
  LobbyUserKicked,
  LobbyEnded,
  LobbyInfoUpdated,
  LobbyInviteCreated,
  MicRequested,
  MicRequestRemoved,
  MicGranted,
  UserUnseated,
  MicMuted,
  MicUnmuted,
  MainHostSwitched,
  LobbyAdminAdded,
  LobbyAdminRemoved,
  LobbyUserBlocked,
  LobbyUserUnblocked,
  LobbyUserSilenced,
  LobbyUserUnsilenced,
  LobbyMessagePinned,
  ...lobbyToolEventSchemas,
} as const;
export const roomEventSchemas = {
  RoomCreated,
  RoomJoined,
  RoomLeft,
  RoomStarted,
  RoomEnded,
  RoomUserSilenced,
  RoomUserUnsilenced,
} as const;

export const chatEventSchemas = { ChatMessagePosted, ...operatorChatEventSchemas } as const;
/** Written by the realtime gateways on `presence-{lobbyId}`. */
export const presenceEventSchemas = { PresenceChanged } as const;

export type LobbyEvent = EventUnionOf<typeof lobbyEventSchemas>;
export type RoomEvent = EventUnionOf<typeof roomEventSchemas>;
export type ChatEvent = EventUnionOf<typeof chatEventSchemas>;

// ---------------------------------------------------------------- DTOs

export const HomeBanner = z.object({
  id: z.string(),
  type: HomeBannerType,
  imageUrl: z.string(),
  link: z.string().nullable(),
  title: z.string(),
});
export type HomeBanner = z.infer<typeof HomeBanner>;

/** The banners `app/home` shows (no CMS yet; docs/decisions.md). */
export const demoBanners: HomeBanner[] = [
  { id: 'welcome', type: 'home_banner', imageUrl: '/banners/welcome.png', link: '/foryou', title: 'Win friends around the world' },
  {
    id: 'welcome-mobile',
    type: 'mobile_home_banner',
    imageUrl: '/banners/welcome-mobile.png',
    link: '/foryou',
    title: 'Find Your Player Two',
  },
  { id: 'valentines', type: 'lobby_banner', imageUrl: '/banners/valentines.png', link: '/leaderboards', title: "Valentine's leaderboard" },
  {
    id: 'valentines-mobile',
    type: 'mobile_lobby_banner',
    imageUrl: '/banners/valentines-mobile.png',
    link: '/leaderboards',
    title: "Valentine's leaderboard",
  },
];

export const LobbyListQuery = z.object({
  category: LobbyCategory.optional(),
  cat: LobbyCategory.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const LobbyLeaderboardQuery = z
  .object({
    lobbyId: z.string().min(1).max(64).optional(),
    frequency: z.enum(['weekly', 'monthly']).optional(),
    kind: z.enum(['valentines']).optional(),
  })
  .refine((q) => q.kind === 'valentines' || (q.lobbyId && q.frequency), { message: 'lobbyId and frequency are required.' });

// ---------------------------------------------------------------- answers (response DTOs of the routes)

const int = z.number().int();
/** An ISO-8601 timestamp. */
const Instant = z.string();

/** A lobby as lists and the detail show it. `name` repeats `title` (the spec's older name). */
export const LobbySummary = z.object({
  lobbyId: z.string(),
  title: z.string(),
  name: z.string(),
  tag: z.string(),
  description: z.string(),
  languages: z.array(z.string()),
  lobbyPhoto: z.string().nullable(),
  mainCategoryId: z.string(),
  backgroundId: z.string(),
  isLive: z.boolean(),
  kind: LobbyKind,
  status: LobbyStatus,
  requiredDiamonds: int,
  ownerUid: z.string(),
  hostUid: z.string().nullable(),
  /** People inside now. */
  userCount: int,
  /** Free seats on the stage. */
  remainingSlots: int,
  createdAt: Instant,
});
export type LobbySummary = z.infer<typeof LobbySummary>;
export const LobbyListItem = LobbySummary.extend({ host: UserCard.nullable() });
export type LobbyListItem = z.infer<typeof LobbyListItem>;
export const LobbyList = paged(LobbyListItem);
export type LobbyList = z.infer<typeof LobbyList>;
export const HomeAnswer = z.object({ banners: z.array(HomeBanner), categories: z.array(LobbyCategory), lobbies: LobbyList });

export const LobbyProps = z.object({
  categories: z.array(LobbyCategory),
  languages: z.array(LobbyLanguage),
  maxLanguages: int,
  kinds: z.array(LobbyKind),
  backgrounds: z.array(z.string()),
  seatCount: int,
  textLimit: int,
  roomDurationsMin: z.array(int),
  defaultRoomDurationMin: int,
  roomCapacity: int,
  bannerTypes: z.array(HomeBannerType),
});

export const LobbySettings = z.object({
  lobbyId: z.string(),
  title: z.string(),
  description: z.string(),
  tag: z.string(),
  lobbyPhoto: z.string().nullable(),
  languages: z.array(z.string()),
  mainCategoryId: z.string(),
  isLive: z.boolean(),
  backgroundId: z.string(),
  backgrounds: z.array(z.string()),
  blacklist: z.array(UserCard.extend({ reason: z.string(), blockedBy: z.string(), blockedAt: Instant })),
  administrators: z.array(UserCard),
  canClose: z.boolean(),
});
export type LobbySettings = z.infer<typeof LobbySettings>;

const LobbyBoardUser = UserCard.extend({ rank: int, diamonds: z.number() });
const LobbyBoardHost = UserCard.extend({ rank: int, charm: z.number() });
export const LobbyLeaderboard = z.object({
  lobbyId: z.string().nullable(),
  frequency: z.enum(['weekly', 'monthly']).nullable(),
  kind: z.enum(['valentines']).nullable(),
  periodId: z.string(),
  topUsers: z.array(LobbyBoardUser),
  topHosts: z.array(LobbyBoardHost),
  podium: z.object({ topUsers: z.array(LobbyBoardUser), topHosts: z.array(LobbyBoardHost) }),
});
export type LobbyLeaderboard = z.infer<typeof LobbyLeaderboard>;

/** Someone inside a lobby. `roleCodes`: o owner, lad lobby admin, h host, g guest, co user. */
export const LobbyMemberView = UserCard.extend({
  role: StageRole,
  roleCodes: z.array(LobbyRoleCode),
  seat: int.nullable(),
  presence: LobbyPresence,
  muted: z.boolean(),
  silenced: z.boolean(),
  joinedAt: Instant,
});
export type LobbyMemberView = z.infer<typeof LobbyMemberView>;

/** An open room as the lobby detail lists it. */
export const LobbyRoomItem = z.object({
  roomId: z.string(),
  title: z.string(),
  mins: int,
  roomBannerPhoto: z.string().nullable(),
  requiredBalance: int,
  status: LobbyStatus,
  userCount: int,
  hostUid: z.string(),
  endsAt: Instant.nullable(),
});
export type LobbyRoomItem = z.infer<typeof LobbyRoomItem>;

export const LobbyDetail = LobbySummary.extend({
  owner: UserCard,
  host: LobbyMemberView.nullable(),
  cohosts: z.array(LobbyMemberView),
  users: z.array(LobbyMemberView),
  /** Every seat of the stage, empty ones with a null user. */
  seats: z.array(z.object({ seat: int, user: LobbyMemberView.nullable() })),
  queueRequests: z.array(UserCard),
  admins: z.array(z.string()),
  pinnedMessage: z.string().nullable(),
  rooms: z.array(LobbyRoomItem),
  /** The caller's standing; null for a visitor. */
  me: z.object({ uid: z.string(), inside: z.boolean(), isStaff: z.boolean(), blocked: z.boolean() }).nullable(),
  endedAt: Instant.nullable(),
});
export type LobbyDetail = z.infer<typeof LobbyDetail>;

const InviteQr = z.object({ format: z.literal('url'), payload: z.string() });
export const LobbyInvites = z.object({
  items: z.array(z.object({ inviteId: z.string(), createdBy: z.string(), createdAt: Instant, link: z.string(), qr: InviteQr })),
});

export const RoomItem = LobbyRoomItem.extend({ lobbyId: z.string(), startedAt: Instant.nullable(), endedAt: Instant.nullable() });
export type RoomItem = z.infer<typeof RoomItem>;
export const RoomList = paged(RoomItem);
/** A room; whoever may only see its lobby gets it without `silenced` and with no `users`. */
export const RoomDetail = RoomItem.extend({
  createdAt: Instant,
  endReason: RoomEndReason.nullable(),
  silenced: z.array(z.string()).optional(),
  users: z.array(UserCard),
});
export type RoomDetail = z.infer<typeof RoomDetail>;

/** A chat line, newest first. A gift line (`messageType` gift) names its recipients. */
export const LobbyChatItem = z.object({
  messageId: z.string(),
  position: z.string(),
  roomId: z.string().nullable(),
  sender: UserCard,
  payload: z.object({ messageType: z.union([LobbyChatMessageType, z.literal('gift')]), title: z.string().nullable(), body: z.string() }),
  /** A picture's signed address; null for other types. */
  mediaUrl: z.string().nullable(),
  recipients: z.array(z.object({ uid: z.string(), username: z.string() })).optional(),
  postedAt: Instant,
});
export type LobbyChatItem = z.infer<typeof LobbyChatItem>;
export const LobbyChatHistory = z.object({ items: z.array(LobbyChatItem) });

// Command answers.
/** Create or join a lobby: its id and how to reach its voice. */
export const LobbyEntered = commandAnswer({ lobbyId: z.string(), ...MediaAnswer.shape });
export type LobbyEntered = z.infer<typeof LobbyEntered>;
export const LobbyMessageAnswer = commandAnswer({ message: z.string() });
export const InviteCreated = commandAnswer({ inviteId: z.string(), link: z.string(), joinPath: z.string(), qr: InviteQr });
export const MicGrantedAnswer = commandAnswer({ seat: int });
export const ChatPosted = commandAnswer({ messageId: z.string() });
export const RoomCreatedAnswer = commandAnswer({ roomId: z.string(), inviteKey: z.string(), ...MediaAnswer.shape });
export const RoomEntered = commandAnswer({ roomId: z.string(), lobbyId: z.string(), ...MediaAnswer.shape });
export type RoomEntered = z.infer<typeof RoomEntered>;
export const RoomActionAnswer = commandAnswer({ status: LobbyStatus, endsAt: Instant.nullable() });
/** A renewed media token (no event: no position). `rtm` carries Agora's signalling token in agoraToken. */
export const MediaTokenRefreshed = MediaAnswer.extend({ tokenType: z.enum(['rtc', 'rtm']) });

/** Owner, main host or lobby admin (docs/decisions/lobbies.md): the people who run a lobby. The one rule the
 * deciders, the access policy of reads and channels, and the page's menus share. */
export function isLobbyStaff(
  lobby: { ownerUid: string; hostUid: string | null; admins: readonly string[] },
  uid: string | null | undefined,
): boolean {
  return !!uid && (uid === lobby.ownerUid || uid === lobby.hostUid || lobby.admins.includes(uid));
}

/** `GET /lobbies/{id}`: an invite the reader holds lets them see a private lobby before joining (a malformed one is ignored). */
export const LobbyDetailQuery = z.object({
  invite: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional()
    .catch(undefined),
});
/** `GET /lobbies/settings`: the lobby whose settings screen is read. */
export const LobbySettingsQuery = z.object({ lobbyId: z.string({ error: 'lobbyId is required.' }).min(1, 'lobbyId is required.') });
/** `GET /lobbies/{id}/chat`: a page of the history; `roomId` narrows it to a room's chat. */
export const LobbyChatQuery = PageQuery.extend({
  roomId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});
