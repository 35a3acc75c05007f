// Profiles, social graph, wall, media upload and direct messages (docs/decisions/social.md): command
// bodies, event data and DTOs.
import { z } from 'zod';
import { commandAnswer } from './answers.ts';
import { limits, paging } from './constants.ts';
import { CountryCodeField } from './countries.ts';
import { formatText, texts } from './errors.ts';
import { eventTypesOf, type EventUnionOf } from './event-map.ts';
import { PageQuery, paged } from './paging.ts';
import { SubscriptionOffer } from './subscriptions.ts';

const maxText = formatText(texts.maxChars, { n: limits.text });

/** Letters and digits of any script, and the underscore; no other symbols, no emojis. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}_]+$/u;
export const usernameLimits = { min: 3, max: 30 } as const;

export const Username = z
  .string()
  .trim()
  .min(usernameLimits.min, formatText(texts.minChars, { n: usernameLimits.min }))
  .max(usernameLimits.max, formatText(texts.maxChars, { n: usernameLimits.max }))
  .regex(USERNAME_PATTERN, texts.noSymbols);

export const Gender = z.enum(['male', 'female', 'nonconforming']);
export type Gender = z.infer<typeof Gender>;

export const Address = z.object({
  street: z.string().trim().max(limits.text, maxText).default(''),
  country: z.string().trim().max(limits.text, maxText).default(''),
  state: z.string().trim().max(limits.text, maxText).default(''),
  city: z.string().trim().max(limits.text, maxText).default(''),
});
export type Address = z.infer<typeof Address>;

export const ProfileFormField = z.enum(['username', 'bio', 'pinnedMessage', 'birthday', 'gender']);
export type ProfileFormField = z.infer<typeof ProfileFormField>;

/** PUT user/profile/details: the spec's profileFormList, or the same fields flat. */
export const UpdateProfileDetailsBody = z.object({
  profileFormList: z
    .array(z.object({ field: ProfileFormField, value: z.string() }))
    .max(10)
    .optional(),
  username: z.string().optional(),
  bio: z.string().trim().max(limits.text, maxText).optional(),
  pinnedMessage: z.string().trim().max(limits.text, maxText).optional(),
  birthday: z.iso.date().optional(),
  gender: Gender.optional(),
  /** The country is a code of GET location/countries (older profiles may hold free text). */
  address: Address.extend({ country: CountryCodeField.default('') }).optional(),
  /** A media key from the three-step upload (or an absolute URL already served by us). */
  profilePicUrl: z.string().max(500).optional(),
  profileBannerUrl: z.string().max(500).optional(),
});
export type UpdateProfileDetailsBody = z.infer<typeof UpdateProfileDetailsBody>;

export const ProfileDetails = z.object({
  uid: z.string(),
  username: z.string().nullable(),
  profileFormList: z.array(z.object({ field: ProfileFormField, value: z.string() })),
  profilePicUrl: z.string().nullable(),
  profileBannerUrl: z.string().nullable(),
  email: z.string().nullable(),
  address: Address.nullable(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  usernameChangesLeft: z.number().int(),
});
export type ProfileDetails = z.infer<typeof ProfileDetails>;

export const Badge = z.enum(['Verified Host', 'Verified User', 'Verified Agency', 'Verified Playfriend']);
export type Badge = z.infer<typeof Badge>;

export const GiftWallItem = z.object({ giftId: z.string(), giftName: z.string(), quantity: z.number().int(), diamonds: z.number().int() });

export const ProfileView = z.object({
  uid: z.string(),
  username: z.string().nullable(),
  bio: z.string().nullable(),
  pinnedMessage: z.string().nullable(),
  gender: Gender.nullable(),
  profilePicUrl: z.string().nullable(),
  profileBannerUrl: z.string().nullable(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  /** Members subscribed to this creator. */
  subscriberCount: z.number().int(),
  /** Creators this user subscribes to. */
  subscribedCount: z.number().int(),
  isFollowing: z.boolean(),
  isFollower: z.boolean(),
  isBlocked: z.boolean(),
  isSelf: z.boolean(),
  badges: z.array(Badge),
  vip: z.boolean(),
  /** The frame worn (an item id; see `collectible`). */
  frame: z.string().nullable(),
  /** Badges worn, in the order put on. */
  wornBadges: z.array(z.string()),
  /** The creator's monthly price (null: no subscriptions offered) and the viewer's subscription end. */
  subscription: SubscriptionOffer,
  giftWall: z.array(GiftWallItem),
});
export type ProfileView = z.infer<typeof ProfileView>;

export const ReportUserBody = z.object({
  reason: z
    .string()
    .trim()
    .min(1, formatText(texts.required, { field: 'Reason' }))
    .max(limits.text, maxText)
    .refine((s) => !/\p{Extended_Pictographic}/u.test(s), texts.noSymbols),
});

export const RemoveFollowerBody = z.object({ type: z.enum(['follower', 'following']).default('follower') });

// ---- media -------------------------------------------------------------------------------------

export const MediaKind = z.enum(['image', 'video', 'audio']);
export type MediaKind = z.infer<typeof MediaKind>;
export const UploadType = z.enum(['profile', 'lobby', 'chat']);
export type UploadType = z.infer<typeof UploadType>;

/** The media type's family, or null when it is none of image/video/audio. */
export function mediaKindOf(contentType: string): MediaKind | null {
  const family = contentType.split('/')[0]?.toLowerCase();
  return family === 'image' || family === 'video' || family === 'audio' ? family : null;
}

const ContentType = z
  .string()
  .trim()
  .regex(/^[\w.+-]+\/[\w.+-]+$/, texts.uploadImageOnly);

export const PresignMediaQuery = z.object({ uploadType: UploadType.default('profile'), lobbyId: z.string().max(100).optional() });
export const PresignMediaBody = z.object({
  fileName: z.string().trim().min(1).max(200),
  contentType: ContentType,
  /** Optional: the client's file size, refused here already when over the limit. */
  size: z.number().int().min(0).max(limits.uploadMaxBytes, texts.uploadTooLarge).optional(),
});
export const PresignMediaResult = z.object({
  uploadUrl: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
  method: z.literal('PUT'),
});
export type PresignMediaResult = z.infer<typeof PresignMediaResult>;
export const ProcessMediaBody = z.object({ fileName: z.string().min(1).max(300), fileType: ContentType });

export const GalleryItem = z.object({ filename: z.string(), format: z.string(), url: z.string(), thumbnailUrl: z.string().nullable() });
export type GalleryItem = z.infer<typeof GalleryItem>;
export const DeleteGalleryItemBody = z.object({ filename: z.string().min(1).max(300), format: z.string().max(100) });

// ---- wall and feed -----------------------------------------------------------------------------

export const CreateWallPostBody = z
  .object({
    content: z.string().trim().max(limits.text, maxText).default(''),
    mediaFilename: z.string().max(300).nullish(),
    mediaIsPrivate: z.boolean().default(false),
    mediaFormat: z.string().max(100).nullish(),
    subscriberOnly: z.boolean().default(false),
    /** Diamonds to unlock private media; required with mediaIsPrivate. */
    unlockPrice: z.number().int().min(1).max(1_000_000).optional(),
  })
  .refine((b) => b.content.length > 0 || !!b.mediaFilename, { message: formatText(texts.required, { field: 'Content' }) });
export type CreateWallPostBody = z.infer<typeof CreateWallPostBody>;

export const WallPost = z.object({
  id: z.string(),
  authorUid: z.string(),
  authorUsername: z.string().nullable(),
  authorProfilePic: z.string().nullable(),
  content: z.string(),
  mediaFilename: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  mediaIsPrivate: z.boolean(),
  mediaLocked: z.boolean(),
  unlockPrice: z.number().int().nullable(),
  mediaFormat: z.string().nullable(),
  subscriberOnly: z.boolean(),
  hasLiked: z.boolean(),
  likeCount: z.number().int(),
  createdAt: z.string(),
});
export type WallPost = z.infer<typeof WallPost>;

const booleanFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional();

export const WallQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(paging.wall),
  q: z.string().trim().max(limits.text).optional(),
  subscriberOnly: booleanFlag,
});
export const FeedQuery = PageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(paging.feed),
  q: z.string().trim().max(limits.text).optional(),
  following: booleanFlag,
});
export const UserSearchQuery = PageQuery.extend({ q: z.string().trim().max(limits.text).default('') });

export const FollowerItem = z.object({
  uid: z.string(),
  username: z.string().nullable(),
  profilePic: z.string().nullable(),
  isFollowing: z.boolean(),
  isSelf: z.boolean(),
});
export type FollowerItem = z.infer<typeof FollowerItem>;

// ---- direct messages ---------------------------------------------------------------------------

export const SendMessageBody = z
  .object({
    text: z
      .string()
      .trim()
      .max(1000, formatText(texts.maxChars, { n: 1000 }))
      .default(''),
    /** A media key from the three-step upload with uploadType=chat. */
    imageFileName: z.string().max(300).optional(),
    /** Client-chosen id so a retried send is not stored twice. */
    clientMessageId: z.string().max(100).optional(),
  })
  .refine((b) => b.text.length > 0 || !!b.imageFileName, { message: formatText(texts.required, { field: 'Message' }) });
export const RefreshMessagesBody = z.object({ threadId: z.string().min(1).max(200) });
export const MessagesQuery = z.object({
  /** Pagination timestamp: messages strictly older than this ISO time. */
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(paging.messages),
});

export const DirectMessage = z.object({
  messageId: z.string(),
  threadId: z.string(),
  senderUid: z.string(),
  recipientUid: z.string(),
  text: z.string(),
  imageFileName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  sentAt: z.string(),
});
export type DirectMessage = z.infer<typeof DirectMessage>;

export const MessageThread = z.object({
  threadId: z.string(),
  otherUid: z.string(),
  otherUsername: z.string().nullable(),
  otherProfilePic: z.string().nullable(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  unread: z.boolean(),
});
export type MessageThread = z.infer<typeof MessageThread>;

/** Threads with unread messages (GET messages/unread), for the unread badge on every page. */
export const UnreadMessages = z.object({ unreadThreads: z.number().int() });
export type UnreadMessages = z.infer<typeof UnreadMessages>;

// ---- answers of the list routes (response DTOs) ----
export const WallPage = paged(WallPost);
export const GalleryPage = paged(GalleryItem);
/** Followers, following, subscribers, subscriptions and user search. */
export const FollowerPage = paged(FollowerItem);
export const MessageThreadPage = paged(MessageThread);
/** A thread's messages, oldest first; `nextBefore` asks for the older page (null at the start). */
export const MessageHistory = z.object({ items: z.array(DirectMessage), nextBefore: z.string().nullable() });
export type MessageHistory = z.infer<typeof MessageHistory>;

export type DmRefusal = 'self' | 'blocked' | 'needs-reply' | 'needs-mutual-follow';

/**
 * The DM rule (docs/decisions/messages.md), one place for the server's decision and the composer's notice: a
 * mutual follow, or the other party having written in the thread, lets one write; someone who
 * wrote without an answer waits for the reply; otherwise both must follow each other.
 */
export function dmRefusal(facts: {
  self: boolean;
  blocked: boolean;
  mutualFollow: boolean;
  otherHasWritten: boolean;
  senderHasWritten: boolean;
}): DmRefusal | null {
  if (facts.self) return 'self';
  if (facts.blocked) return 'blocked';
  if (facts.mutualFollow || facts.otherHasWritten) return null;
  return facts.senderHasWritten ? 'needs-reply' : 'needs-mutual-follow';
}

/** One thread per pair of users, whoever wrote first. */
export function threadIdOf(a: string, b: string): string {
  return a < b ? `${a}@${b}` : `${b}@${a}`;
}

export const socialTexts = {
  usernameTaken: 'This username is already taken.',
  cannotFollowSelf: 'You cannot follow yourself.',
  notFollowing: 'You are not following this user.',
  notAFollower: 'This user is not following you.',
  blocked: 'You cannot interact with this user.',
  cannotMessageSelf: 'You cannot message yourself.',
  notYourPost: 'You can only delete your own posts.',
  postNotFound: 'Post not found.',
  mediaNotFound: 'Media not found.',
  mediaNotPrivate: 'This post has no private media.',
  uploadExpired: 'The upload link is invalid or has expired.',
  unlockPriceRequired: 'Private media needs an unlock price in diamonds.',
} as const;

// ---- events ------------------------------------------------------------------------------------

/** What a profile edit changed (only the fields that changed). */
export const ProfileChanges = z.object({
  bio: z.string().optional(),
  pinnedMessage: z.string().optional(),
  birthday: z.string().optional(),
  gender: Gender.optional(),
  address: Address.optional(),
  profilePicUrl: z.string().optional(),
  profileBannerUrl: z.string().optional(),
});
export type ProfileChanges = z.infer<typeof ProfileChanges>;

export const ProfileDetailsUpdatedData = z.object({ uid: z.string(), changes: ProfileChanges, updatedAt: z.string() });
export const UsernameChangedData = z.object({
  uid: z.string(),
  username: z.string(),
  previous: z.string().nullable(),
  changedAt: z.string(),
});
/** On `username-{name}`: the one claim of a username (first writer wins), released on a change. */
export const UsernameClaimedData = z.object({ uid: z.string(), username: z.string(), claimedAt: z.string() });
export const UsernameReleasedData = z.object({ uid: z.string(), username: z.string(), releasedAt: z.string() });

/** Profile edits on `user-{uid}` and username claims on `username-{name}`. */
export const profileEventSchemas = {
  ProfileDetailsUpdated: ProfileDetailsUpdatedData,
  UsernameChanged: UsernameChangedData,
  UsernameClaimed: UsernameClaimedData,
  UsernameReleased: UsernameReleasedData,
} as const;
export type ProfileEvent = EventUnionOf<typeof profileEventSchemas, 'ProfileDetailsUpdated' | 'UsernameChanged'>;
export type UsernameClaimEvent = EventUnionOf<typeof profileEventSchemas, 'UsernameClaimed' | 'UsernameReleased'>;

export const FollowedData = z.object({ followerUid: z.string(), followeeUid: z.string(), followedAt: z.string() });
export const UnfollowedData = z.object({ followerUid: z.string(), followeeUid: z.string(), unfollowedAt: z.string() });
/** The followee removed this follower (spec: follower removal). */
export const FollowerRemovedData = z.object({
  followerUid: z.string(),
  followeeUid: z.string(),
  removedBy: z.string(),
  removedAt: z.string(),
});
export const UserBlockedData = z.object({ blockerUid: z.string(), blockedUid: z.string(), blockedAt: z.string() });
export const UserUnblockedData = z.object({ blockerUid: z.string(), blockedUid: z.string(), unblockedAt: z.string() });
export const UserReportedData = z.object({ reporterUid: z.string(), reportedUid: z.string(), reason: z.string(), reportedAt: z.string() });
/** Creator subscriptions (docs/decisions/subscriptions.md), read by the social graph for subscriber-only posts. */
export const UnsubscribedFromCreatorData = z.object({ subscriberUid: z.string(), creatorUid: z.string() });

/** The social graph on `social-{uid}`: whom uid follows, blocks and reports. */
export const socialEventSchemas = {
  Followed: FollowedData,
  Unfollowed: UnfollowedData,
  FollowerRemoved: FollowerRemovedData,
  UserBlocked: UserBlockedData,
  UserUnblocked: UserUnblockedData,
  UserReported: UserReportedData,
  UnsubscribedFromCreator: UnsubscribedFromCreatorData,
} as const;
export type SocialEvent = EventUnionOf<
  typeof socialEventSchemas,
  'Followed' | 'Unfollowed' | 'FollowerRemoved' | 'UserBlocked' | 'UserUnblocked' | 'UserReported'
>;

export const MediaProcessedData = z.object({
  uid: z.string(),
  fileName: z.string(),
  format: z.string(),
  kind: MediaKind,
  size: z.number().int(),
  thumbnailFileName: z.string().nullable(),
  uploadType: UploadType,
  processedAt: z.string(),
});
export const GalleryItemDeletedData = z.object({ uid: z.string(), fileName: z.string(), format: z.string(), deletedAt: z.string() });

/** Processed media of a user on `media-{uid}`. */
export const mediaEventSchemas = { MediaProcessed: MediaProcessedData, GalleryItemDeleted: GalleryItemDeletedData } as const;
export type MediaEvent = EventUnionOf<typeof mediaEventSchemas>;

export const PostCreatedData = z.object({
  postId: z.string(),
  authorUid: z.string(),
  content: z.string(),
  mediaFilename: z.string().nullable(),
  mediaFormat: z.string().nullable(),
  mediaIsPrivate: z.boolean(),
  unlockPrice: z.number().int().nullable(),
  subscriberOnly: z.boolean(),
  createdAt: z.string(),
});
export type PostCreatedData = z.infer<typeof PostCreatedData>;
export const PostDeletedData = z.object({ postId: z.string(), authorUid: z.string(), deletedAt: z.string() });
export const PostLikedData = z.object({ postId: z.string(), authorUid: z.string(), uid: z.string(), likedAt: z.string() });
export const PostUnlikedData = z.object({ postId: z.string(), authorUid: z.string(), uid: z.string(), unlikedAt: z.string() });
export const PostMediaUnlockedData = z.object({
  postId: z.string(),
  authorUid: z.string(),
  uid: z.string(),
  diamonds: z.number().int(),
  unlockedAt: z.string(),
});

/** A wall post's life on `post-{postId}`. */
export const wallEventSchemas = {
  PostCreated: PostCreatedData,
  PostDeleted: PostDeletedData,
  PostLiked: PostLikedData,
  PostUnliked: PostUnlikedData,
  PostMediaUnlocked: PostMediaUnlockedData,
} as const;
export type WallEvent = EventUnionOf<typeof wallEventSchemas>;

export const DirectMessageSentData = z.object({
  threadId: z.string(),
  messageId: z.string(),
  senderUid: z.string(),
  recipientUid: z.string(),
  text: z.string(),
  imageFileName: z.string().nullable(),
  sentAt: z.string(),
});
export type DirectMessageSentData = z.infer<typeof DirectMessageSentData>;
export const DirectThreadReadData = z.object({
  threadId: z.string(),
  uid: z.string(),
  senderUid: z.string(),
  recipientUid: z.string(),
  readAt: z.string(),
});

/** A direct-message thread on `dm-{threadId}`. */
export const messageEventSchemas = { DirectMessageSent: DirectMessageSentData, DirectThreadRead: DirectThreadReadData } as const;
export type DirectMessageEvent = EventUnionOf<typeof messageEventSchemas>;
export const messageEventTypes = eventTypesOf(messageEventSchemas);

// ---- command answers ------------------------------------------------------------------------

/** user/wall/post: the new post's id. */
export const WallPostCreated = commandAnswer({ id: z.string() });
/** user/wall/post/{id}/like and unlike: the count after it. */
export const WallLikeAnswer = commandAnswer({ likeCount: z.number().int(), hasLiked: z.boolean() });
/** user/wall/post/{id}/unlock: `balance` is the diamonds left when this call paid (absent when it was open already). */
export const WallUnlockAnswer = commandAnswer({ unlocked: z.literal(true), balance: z.number().int().optional() });
/** cms/presign-media (step 1 of an upload): where to PUT the file, until when. */
export const PresignedUpload = z.object({ uploadUrl: z.string(), fileName: z.string(), method: z.literal('PUT'), expiresAt: z.string() });
/** PUT media/object/{key} (step 2, local store): the stored key. */
export const UploadStored = z.object({ fileName: z.string() });
/** cms/process-media (step 3): the registered file and, for a picture, its thumbnail. */
export const MediaProcessed = commandAnswer({ fileName: z.string(), format: z.string(), thumbnailFileName: z.string().nullable() });
/** messages/send/{uid}: the thread and the new message (null when a repeated client id answered the first). */
export const MessageSentAnswer = commandAnswer({ threadId: z.string(), messageId: z.string().nullable() });

/** `GET /messages/threads`: a page of the own threads, narrowed by the other person's name. */
export const MessageThreadsQuery = PageQuery.extend({ q: z.string().trim().max(120).optional() });
