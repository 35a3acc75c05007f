// What a realtime client may see of each event: an allow-list of data fields per event type. Every
// type of the registry must say which fields are public, or `null` for "never pushed"; a new event
// type does not compile until it does. Metadata (ip hash, idempotency key...) is never sent.
// Types only from the registry: the web app imports this file without every module's schemas.
import type { EventData, EventType } from './events.ts';

type PublicFieldLists = { readonly [K in EventType]: ReadonlyArray<keyof EventData<K>> | null };

export const publicEventFields = {
  // identity (user-{uid}, to its owner only): never e-mail, sessions, devices, visitor ids, provider subjects
  UserRegistered: ['uid', 'username', 'profilePicUrl', 'anonymous', 'registeredAt'],
  UserSignedIn: ['uid', 'method', 'signedInAt'],
  GuestUpgraded: ['uid', 'method', 'upgradedAt'],
  WalletLinked: ['uid', 'environment', 'linkedAt'],
  OnboardingCompleted: ['uid', 'acceptedTermsAt'],
  RoleGranted: ['uid', 'role', 'at'],
  RoleRevoked: ['uid', 'role', 'at'],
  UserBanned: ['uid', 'at'],
  UserUnbanned: ['uid', 'at'],
  WaitlistChanged: ['uid', 'isWaitlist', 'at'],
  TelegramDailyClaimed: ['uid', 'claimNumber', 'amount', 'claimedAt'],
  OneTimeCodeTried: null,
  OneTimeCodeAccepted: null,
  // profiles
  ProfileDetailsUpdated: ['uid', 'updatedAt'],
  UsernameChanged: ['uid', 'username', 'changedAt'],
  UsernameClaimed: null,
  UsernameReleased: null,
  // social graph (social-{uid}): a follow also reaches the followee; reports never leave the server
  Followed: ['followerUid', 'followeeUid', 'followedAt'],
  Unfollowed: ['followerUid', 'followeeUid', 'unfollowedAt'],
  FollowerRemoved: ['followerUid', 'followeeUid', 'removedAt'],
  UserBlocked: ['blockerUid', 'blockedUid', 'blockedAt'],
  UserUnblocked: ['blockerUid', 'blockedUid', 'unblockedAt'],
  UserReported: null,
  SubscribedToCreator: ['subscriptionId', 'subscriberUid', 'creatorUid', 'diamonds', 'charm', 'from', 'expiresAt', 'subscribedAt'],
  SubscriptionPriceSet: ['creatorUid', 'price', 'setAt'],
  // services and booking (schedule-{hostUid}, to the host and the buyer; holds to the wallet's owner, a spent hold also to the host)
  ServiceListed: ['hostUid', 'serviceId', 'title', 'minutes', 'price', 'listedAt'],
  ServiceRemoved: ['hostUid', 'serviceId', 'removedAt'],
  SessionBooked: ['bookingId', 'hostUid', 'buyerUid', 'serviceId', 'title', 'minutes', 'price', 'startsAt', 'endsAt', 'bookedAt'],
  BookingCancelled: ['bookingId', 'hostUid', 'buyerUid', 'by', 'released', 'cancelledAt'],
  BookedSessionOpened: ['bookingId', 'hostUid', 'buyerUid', 'roomId', 'endsAt', 'openedAt'],
  BookedSessionExtended: ['bookingId', 'extensionId', 'hostUid', 'buyerUid', 'minutes', 'price', 'endsAt', 'extendedAt'],
  BookedSessionCompleted: ['bookingId', 'hostUid', 'buyerUid', 'diamonds', 'charm', 'completedAt'],
  DiamondsHeld: ['uid', 'holdId', 'amount', 'heldAt'],
  HoldReleased: ['uid', 'holdId', 'amount', 'releasedAt'],
  HoldSpent: ['uid', 'holdId', 'amount', 'recipientUid', 'charm', 'spentAt'],
  UnsubscribedFromCreator: ['subscriberUid', 'creatorUid'],
  // media and wall are read through the query API
  MediaProcessed: null,
  GalleryItemDeleted: null,
  PostCreated: null,
  PostDeleted: null,
  PostLiked: null,
  PostUnliked: null,
  PostMediaUnlocked: null,
  // direct messages, to their two participants
  DirectMessageSent: ['threadId', 'messageId', 'senderUid', 'recipientUid', 'text', 'imageFileName', 'sentAt'],
  DirectThreadRead: ['threadId', 'uid', 'senderUid', 'recipientUid', 'readAt'],
  // money (to the owner; a gift also to its lobby or room): never payment references or addresses
  DiamondsCredited: ['uid', 'amount', 'reason', 'creditedAt'],
  DiamondsSpent: ['uid', 'amount', 'reason', 'spentAt'],
  GiftSent: [
    'senderUid',
    'giftId',
    'giftName',
    'quantity',
    'unitPrice',
    'diamondsTotal',
    'recipients',
    'charmPerRecipient',
    'lobbyId',
    'roomId',
    'sentAt',
  ],
  SkuPurchased: ['uid', 'purchaseId', 'skuId', 'skuKind', 'name', 'quantity', 'diamondsTotal', 'purchasedAt', 'expiresAt'],
  // what a user wears, also to the lobbies they are in: not which other lobbies those are
  AppearanceChanged: ['uid', 'frameId', 'badgeIds', 'changedAt'],
  BlockchainWalletAdded: null,
  BlockchainWalletRenamed: null,
  BlockchainWalletUpdated: null,
  BlockchainWalletRemoved: null,
  PaymentInitiated: ['paymentId', 'uid', 'provider', 'purpose', 'amountUsdCents', 'diamonds', 'initiatedAt'],
  PaymentConfirmed: ['paymentId', 'uid', 'provider', 'purpose', 'amountUsdCents', 'diamonds', 'confirmedAt'],
  PaymentFailed: ['paymentId', 'uid', 'provider', 'reason', 'failedAt'],
  CharmWithdrawn: ['withdrawalId', 'uid', 'charm', 'usdCents', 'kind', 'withdrawnAt'],
  WithdrawalCompleted: ['withdrawalId', 'uid', 'completedAt'],
  WithdrawalFailed: ['withdrawalId', 'uid', 'charm', 'reason', 'failedAt'],
  // lobbies: never invite ids, entry fees paid or moderators' block reasons
  LobbyCreated: ['lobbyId', 'ownerUid', 'kind', 'info', 'requiredDiamonds', 'seatCount', 'createdAt'],
  LobbyJoined: ['lobbyId', 'uid', 'anonymous', 'joinedAt', 'vip'],
  LobbyLeft: ['lobbyId', 'uid', 'leftAt', 'reason'],
  LobbyUserKicked: ['lobbyId', 'uid', 'by', 'at', 'note'],
  LobbyEnded: ['lobbyId', 'by', 'reason', 'endedAt', 'note'],
  LobbyInfoUpdated: ['lobbyId', 'by', 'changes', 'at'],
  LobbyInviteCreated: ['lobbyId', 'by', 'at'],
  MicRequested: ['lobbyId', 'uid', 'at', 'vip', 'place'],
  MicRequestRemoved: ['lobbyId', 'uid', 'by', 'at'],
  MicGranted: ['lobbyId', 'uid', 'seat', 'by', 'at'],
  UserUnseated: ['lobbyId', 'uid', 'seat', 'by', 'reason', 'at'],
  MicMuted: ['lobbyId', 'uid', 'by', 'at'],
  MicUnmuted: ['lobbyId', 'uid', 'by', 'at'],
  MainHostSwitched: ['lobbyId', 'fromUid', 'toUid', 'fromUidSeat', 'by', 'at'],
  LobbyAdminAdded: ['lobbyId', 'uid', 'by', 'at'],
  LobbyAdminRemoved: ['lobbyId', 'uid', 'by', 'at'],
  LobbyUserBlocked: ['lobbyId', 'uid', 'by', 'at'],
  LobbyUserUnblocked: ['lobbyId', 'uid', 'by', 'at'],
  LobbyUserSilenced: ['lobbyId', 'uid', 'by', 'at'],
  LobbyUserUnsilenced: ['lobbyId', 'uid', 'by', 'at'],
  LobbyMessagePinned: ['lobbyId', 'message', 'by', 'at'],
  // the interactive tools: results and polls are for everyone in the lobby; votes say who voted for what
  LobbyDiceRolled: ['lobbyId', 'uid', 'dice', 'at'],
  LobbyLuckyNumberDrawn: ['lobbyId', 'uid', 'number', 'at'],
  LobbyPollOpened: ['lobbyId', 'pollId', 'uid', 'question', 'options', 'at'],
  LobbyPollVoted: ['lobbyId', 'pollId', 'uid', 'option', 'at'],
  LobbyPollClosed: ['lobbyId', 'pollId', 'by', 'counts', 'at'],
  // rooms: never the invite key
  RoomCreated: ['roomId', 'lobbyId', 'hostUid', 'title', 'mins', 'roomBannerPhoto', 'requiredBalance', 'createdAt'],
  RoomJoined: ['roomId', 'lobbyId', 'uid', 'joinedAt'],
  RoomLeft: ['roomId', 'lobbyId', 'uid', 'leftAt'],
  RoomStarted: ['roomId', 'lobbyId', 'by', 'startedAt', 'endsAt'],
  RoomEnded: ['roomId', 'lobbyId', 'by', 'reason', 'status', 'endedAt'],
  RoomUserSilenced: ['roomId', 'lobbyId', 'uid', 'by', 'at'],
  RoomUserUnsilenced: ['roomId', 'lobbyId', 'uid', 'by', 'at'],
  ChatMessagePosted: ['lobbyId', 'roomId', 'messageId', 'uid', 'messageType', 'title', 'body', 'postedAt'],
  // an operator's silence and removal: the lobby drops the message, the silenced user learns why (never who)
  ChatSilenced: ['lobbyId', 'uid', 'until', 'reason', 'at'],
  ChatMessageRemoved: ['lobbyId', 'roomId', 'messageId', 'uid', 'reason', 'at'],
  PresenceChanged: ['lobbyId', 'uid', 'presence'],
  // referral: codes, wallets and settlements are read through the query API
  ReferralLinkCreated: ['uid', 'createdAt'],
  ReferrerBound: ['uid', 'referrerUid', 'boundAt'],
  PayoutWalletBound: ['uid', 'chainId', 'boundAt'],
  ReferralCodeClaimed: null,
  ReferralPairBound: null,
  ReferralPayoutSettled: null,
  ReferralPayoutCarriedOver: null,
  ReferralPayoutTransferIntended: null,
  ReferralPayoutTransferred: null,
  ReferralWeekSettled: null,
  // guild: read through the query API
  AgencyCreated: null,
  AgencyHostAdded: null,
  AgencyHostRemoved: null,
  AgencyShareRatiosSet: null,
  AgencyPeriodSettled: null,
  CharmPaymentSubmitted: null,
  CharmPaymentConfirmed: null,
  AgencyVerified: null,
  HostAgencyClaimed: null,
  HostAgencyReleased: null,
  HostPayoutAuthorized: null,
  AgencyInvitationSent: null,
  AgencyInvitationAccepted: null,
  AgencyInvitationDeclined: null,
  AgencyLeft: null,
  LeaderboardChanged: ['boards', 'changedAt'],
  NotificationsRead: ['uid', 'upToSeq', 'readAt'],
  PaymentNotificationRead: ['uid', 'withdrawalId', 'readAt'],
  // account settings (user-{uid}): the owner's other tabs may re-read; never the unlinked key
  CredentialUnlinked: ['uid', 'kind', 'unlinkedAt'],
  CredentialLinked: ['uid', 'kind', 'linkedAt'],
  AccountDeleted: ['uid', 'deletedAt'],
  MatureContentChanged: ['uid', 'showNSFW', 'changedAt'],
  AudioPreferencesChanged: null,
  // progression (progression-{uid}, to its owner only): the level-up is the live news; the rest is read through the query API
  RewardClaimed: ['uid', 'claimId', 'source', 'title', 'reward', 'claimedAt'],
  FragmentsCombined: ['uid', 'kind', 'item', 'combinedAt', 'expiresAt'],
  LevelReached: ['uid', 'level', 'exp', 'reachedAt'],
  FriendTokenUsed: ['uid', 'inviterUid', 'joinedAt'],
  FriendBonusGranted: ['uid', 'inviterUid', 'exp', 'level', 'grantedAt'],
  FriendTokenIssued: null,
  QuestAccountLinked: ['uid', 'handle', 'linkedAt'],
  QuestAccountUnlinked: ['uid', 'unlinkedAt'],
  QuestExpImported: ['uid', 'questTitle', 'exp', 'importedAt'],
  // operators' console money operations: read through the console's query routes (admins only)
  DiamondGrantRequested: null,
  DiamondGrantApproved: null,
  DiamondGrantRejected: null,
  LedgerAuditRequested: null,
  LedgerAudited: null,
  LedgerDigestRecorded: null,
  // projections rebuilt from the console: read through the operations view (admins and devs)
  ProjectionRebuildRequested: null,
  ProjectionRebuilt: null,
  // host applications (hostapplication-{uid}, to the applicant only): the status and the reason; never the form's text
  HostApplicationSubmitted: ['applicationId', 'uid', 'submittedAt'],
  HostApplicationApproved: ['applicationId', 'uid', 'decidedAt'],
  HostApplicationRejected: ['applicationId', 'uid', 'reason', 'decidedAt'],
  // operators' console: reports and their decisions never leave the server (the outcome reaches the
  // reporter as a notification); ended sessions close their sockets (session-ends.ts)
  ContentReported: null,
  ReportDecided: null,
  SessionsEndedByOperator: null,
} as const satisfies PublicFieldLists;

type PublicFields = typeof publicEventFields;
/** The event types a client can receive. */
export type PublicEventType = { [K in EventType]: PublicFields[K] extends null ? never : K }[EventType];
type FieldsOf<K extends PublicEventType> = Extract<PublicFields[K], ReadonlyArray<unknown>>[number];
/** What a client receives of an event of type K. */
export type PublicEventData<K extends PublicEventType> = Pick<EventData<K>, FieldsOf<K> & keyof EventData<K>>;
/** A pushed event, discriminated by type, as the web app narrows it. */
export type PublicEvent<K extends PublicEventType = PublicEventType> = { [T in K]: { type: T; data: PublicEventData<T> } }[K];

/** The fields a client may see of an event, or null when the type is never pushed (or unknown). */
export function publicFieldsOf(type: string): readonly string[] | null {
  return isListed(type) ? publicEventFields[type] : null;
}

function isListed(type: string): type is EventType {
  return Object.hasOwn(publicEventFields, type);
}

/** The allow-listed part of an event's data; null when the event is never pushed. */
export function publicPayloadOf(type: string, data: Record<string, unknown>): Record<string, unknown> | null {
  const fields = publicFieldsOf(type);
  if (!fields) return null;
  const out: Record<string, unknown> = {};
  for (const field of fields) if (Object.hasOwn(data, field)) out[field] = data[field];
  return out;
}

/** True when a pushed event is of type K; its data is then typed as what the gateway sends. */
export function isPublicEvent<K extends PublicEventType>(event: { type: string; data: unknown }, type: K): event is PublicEvent<K> {
  return event.type === type;
}

/** True for any event the gateway pushes: `switch (event.type)` then gives each case its data. */
export function isPushedEvent(event: { type: string; data: unknown }): event is PublicEvent {
  return publicFieldsOf(event.type) !== null;
}

type AnyEvent = { type: string; data: unknown };

/** The pushed event as type K (the same object, its data typed as sent), or null. Use this
 * rather than the predicates on a typed message: it types the data as exactly what is sent. */
export function publicEventOf<K extends PublicEventType>(event: AnyEvent, type: K): PublicEvent<K> | null {
  const view: AnyEvent = event;
  return isPublicEvent(view, type) ? view : null;
}

/** Any pushed event, typed as sent (`switch (event.type)` narrows its data), or null. */
export function pushedEventOf(event: AnyEvent): PublicEvent | null {
  const view: AnyEvent = event;
  return isPushedEvent(view) ? view : null;
}
