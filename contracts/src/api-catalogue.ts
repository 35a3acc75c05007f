// Every HTTP route served under /api/v1, with the zod schemas it parses: the source of the OpenAPI document.
import type { z } from 'zod';
import type { RoleCode } from './access-token.ts';
import {
  AccountSettingsDto,
  AccountDeletedAnswer,
  CredentialsLeft,
  CredentialsLinked,
  DeleteAccountBody,
  LinkEmailBody,
  LinkProviderBody,
  OtherSessionsEnded,
  SettingsBody,
  SettingsChanged,
  UnlinkCredentialBody,
} from './account-settings.ts';
import { CommandAnswer } from './answers.ts';
import { ClientErrorReportingDto, DevErrorReports, DevErrorReportsQuery, DevErrorReportsStored } from './error-reporting.ts';
import { CountryList } from './countries.ts';
import { CollectionList, CollectionsQuery, EquipBody } from './collections.ts';
import { SetSubscriptionPriceBody, SubscribeBody, SubscribedAnswer, SubscriptionPriceAnswer } from './subscriptions.ts';
import {
  BookingAnswer,
  BookingDto,
  BookingVoiceAnswer,
  BookingListQuery,
  BookingPage,
  BookServiceBody,
  ExtensionPage,
  ListServiceBody,
  RemoveServiceBody,
  ServiceList,
  ServiceListedAnswer,
} from './booking.ts';
import { ChainRpcAnswer, ChainRpcRequest } from './chain-rpc.ts';
import { DemoWalletPaid, DemoWalletPayBody, DemoWalletSignBody, DemoWalletSigned } from './deposits.ts';
import {
  ClosePollBody,
  DiceRolledAnswer,
  LobbyToolsDto,
  LuckyNumberAnswer,
  OpenPollBody,
  PollAnswer,
  VotePollBody,
} from './lobby-tools.ts';
import { GlobalLeaderboardDto, GlobalLeaderboardQuery } from './global-leaderboards.ts';
import { CmsAssetList, GiftCatalogueAnswer, SendGiftBody } from './gifting.ts';
import { GifSearchQuery, GifSearchResult } from './gifs.ts';
import {
  AgencyCreatedAnswer,
  AgencyInvitationList,
  InviteAgencyHostBody,
  MyAgencyInvitations,
  AgencyDto,
  AgencyList,
  CharmPaymentPage,
  CharmPaymentSubmittedAnswer,
  ConsoleAgencyDetail,
  ConsoleAgencyPage,
  CreateAgencyBody,
  GiftReceiptPage,
  PeriodQuery,
  PeriodSettledAnswer,
  SetShareRatiosBody,
  SettlementPage,
  SettlementPreviewDto,
  SettlePeriodBody,
  SubmitCharmPaymentBody,
  VerifyAgencyBody,
  GiftReceiptQuery,
} from './guild.ts';
import {
  AuthStateDto,
  BanBody,
  BanChanged,
  CreateSignMessageBody,
  DailyClaimAnswer,
  DevMailbox,
  DevMailboxQuery,
  DevSmsInbox,
  DevSmsQuery,
  IdentityProvidersDto,
  LoggedOut,
  LoginBody,
  MeDto,
  NextClaimDto,
  OnboardingAnswer,
  OnboardingBody,
  WaitlistAnswer,
  WaitlistBody,
  OtpSent,
  ProviderLoginBody,
  RequestOtpBody,
  RoleChangeBody,
  RolesChanged,
  SignMessageDto,
  TelegramLoginBody,
  WalletLinked,
  WalletSignatureBody,
} from './identity.ts';
import {
  AddAdminBody,
  BackgroundBody,
  BlockBody,
  ChatPosted,
  CreateLobbyBody,
  CreateRoomBody,
  GrantMicBody,
  HomeAnswer,
  InviteCreated,
  LobbyChatBody,
  LobbyChatHistory,
  LobbyDetail,
  LobbyEntered,
  LobbyInvites,
  LobbyLeaderboard,
  LobbyLeaderboardQuery,
  LobbyList,
  LobbyListQuery,
  LobbyMessageAnswer,
  LobbyProps,
  LobbySettings,
  LobbyTargetBody,
  MediaTokenRefreshBody,
  MediaTokenRefreshed,
  MicGrantedAnswer,
  PinMessageBody,
  RemoveAdminBody,
  RoomActionAnswer,
  RoomCreatedAnswer,
  RoomDetail,
  RoomEntered,
  RoomList,
  SwitchHostBody,
  UnblockBody,
  UpdateLobbyInfoBody,
  LobbySettingsQuery,
  LobbyDetailQuery,
  LobbyChatQuery,
} from './lobbies.ts';
import {
  GrantDecision,
  GrantQueue,
  GrantQueueQuery,
  LedgerAuditAnswer,
  LedgerAuditStatus,
  ReferralWeekQuery,
  ReferralWeekSettlements,
  RejectGrantBody,
  RejectWithdrawalBody,
  RequestGrantBody,
  SettleWithdrawalBody,
  StuckPayments,
  StuckPaymentsQuery,
  WithdrawalDecision,
  WithdrawalQueue,
  WithdrawalQueueQuery,
} from './money-operations.ts';
import {
  AccountExportQuery,
  AccountLedger,
  AccountLedgerQuery,
  AuditRunPage,
  auditorRoles,
  DigestCheck,
  DigestPage,
  PeriodExportQuery,
} from './auditor.ts';
import { OperationsStatus, RebuildProjectionBody, RebuildRequestedAnswer } from './operations-view.ts';
import {
  HostApplicationAnswer,
  HostApplicationBody,
  HostApplicationDecisionBody,
  HostApplicationListQuery,
  HostApplicationPage,
  MyHostApplication,
} from './host-applications.ts';
import {
  AuditPage,
  AuditQuery,
  ConsoleLobbyPage,
  ConsoleUserDetail,
  ConsoleUserPage,
  DecideReportBody,
  OperatorDone,
  OperatorLobbyBody,
  OperatorRemoveBody,
  ReportBody,
  ReportDecisionAnswer,
  ReportFiled,
  ReportPage,
  ReportQuery,
  SignOutEverywhereBody,
  UserSearchConsoleQuery,
} from './moderation.ts';
import { MarkNotificationsReadBody, MarkPaymentNotificationReadBody, NotificationsPage, NotificationsUnread } from './notifications.ts';
import { StreamCategoryPage } from './operations.ts';
import { PageQuery } from './paging.ts';
import {
  ClaimBody,
  ClaimResultDto,
  CombineFragmentsBody,
  ExpHistoryPage,
  FragmentList,
  FragmentsCombinedAnswer,
  FriendJoinedAnswer,
  FriendsDto,
  FriendTokenAnswer,
  JoinWithTokenBody,
  LevelDto,
  LinkQuestAccountBody,
  LobbyLevelList,
  MissionList,
  OwnLobbyLevels,
  QuestAccountDto,
  QuestAccountLinkedAnswer,
  QuestList,
  QuestWebhookReceived,
  RewardHistoryPage,
  SandboxLinkProof,
  UserLevelDto,
  LobbyLevelsQuery,
} from './progression.ts';
import {
  AddPayoutWalletBody,
  ConnectReferrerBody,
  CreateReferralLinkBody,
  InviteePage,
  PayoutPage,
  PayoutWalletAnswer,
  ReferralDetailsDto,
  ReferralLinkDto,
  ReferrerCheck,
  ReferrerConnected,
  RewardRecordPage,
  ValidateReferrerBody,
  InviteeQuery,
} from './referral.ts';
import {
  CreateWallPostBody,
  DeleteGalleryItemBody,
  FeedQuery,
  FollowerPage,
  GalleryPage,
  MediaProcessed,
  MessageHistory,
  MessageSentAnswer,
  MessageThreadPage,
  MessagesQuery,
  PresignedUpload,
  PresignMediaBody,
  PresignMediaQuery,
  ProcessMediaBody,
  ProfileDetails,
  ProfileView,
  RefreshMessagesBody,
  RemoveFollowerBody,
  ReportUserBody,
  SendMessageBody,
  UnreadMessages,
  UpdateProfileDetailsBody,
  UploadStored,
  UserSearchQuery,
  WallLikeAnswer,
  WallPage,
  WallPostCreated,
  WallQuery,
  WallUnlockAnswer,
  MessageThreadsQuery,
} from './social.ts';
import { TransactionHistory } from './transactions.ts';
import {
  BalanceDto,
  BlockchainWalletAnswer,
  CheckoutPayBody,
  BlockchainWalletBody,
  BlockchainWalletChangeBody,
  BlockchainWalletList,
  CashoutConfirmBody,
  CashoutList,
  CreatorPaymentBody,
  CurrencyConversion,
  CurrencyList,
  EquipAnswer,
  GiftSentAnswer,
  InventoryList,
  PaymentMethods,
  PaymentMethodsQuery,
  PaymentNotifications,
  PaymentResultDto,
  PaymentStatusDto,
  PurchaseAnswer,
  PurchaseBody,
  PurchaseCheck,
  RecommendedTopUps,
  SkuDto,
  SkuList,
  StripeInitBody,
  TopUpPayBody,
  WebPayInitBody,
  EWalletInitBody,
  HostedReturnBody,
  TonInitBody,
  TonConfirmBody,
  WithdrawalAnswer,
  WithdrawalList,
  WithdrawAvailable,
  WebhookReceived,
  WithdrawBody,
  WithdrawCheck,
  TransactionHistoryQuery,
  CurrencyConversionQuery,
} from './wallet.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  /** OpenAPI form below /api/v1, e.g. `/lobbies/{id}/join`. */
  path: string;
  /** Groups routes in the document (one per module) and in the web app's client (`api.<tag>.<name>`). */
  tag: string;
  /** The route's function in the web app's generated client, unique within its tag: `api.lobbies.leave`. */
  name: string;
  summary: string;
  /** True when a visitor gets 401; `roles` narrows it further (403 for anyone holding none). */
  auth: boolean;
  roles?: RoleCode[];
  /** The contracts schema the handler passes req.body to; absent when it reads no body or a local one. */
  body?: z.ZodType;
  /** The contracts schema the handler passes req.query to. */
  query?: z.ZodType;
  /** A body that is not JSON (raw webhook bytes, an uploaded file). */
  rawBody?: string;
  /** A success answer that is not JSON (an HTML page, a stored file): its media type and what it is.
   * Every route has either this or `response` (the DTO drift test checks it). */
  rawAnswer?: { contentType: string; description: string };
  /** The success answer's body: the contracts DTO the handler returns (`defineRoute` in platform) and the web
   * app reads (`ApiResponse`). Absent only on a route whose answer is not JSON (`rawAnswer`). */
  response?: z.ZodType;
  /** The success status when it is not 200 (a create answers 201). */
  status?: 201;
}

type Options = Pick<ApiRoute, 'name'> &
  Partial<Pick<ApiRoute, 'roles' | 'body' | 'query' | 'rawBody' | 'rawAnswer' | 'response' | 'status'>>;

// Generic so each entry keeps its method, path, auth and schemas as types: `ApiResponse` below reads
// a route's DTO type from the catalogue itself, and `defineRoute` (platform) its body, query and params.
type Entry<M extends ApiMethod, P extends string, A extends boolean, O extends Options> = {
  method: M;
  path: P;
  tag: string;
  summary: string;
  auth: A;
} & O;
const route = <M extends ApiMethod, P extends string, A extends boolean, O extends Options>(
  method: M,
  path: P,
  tag: string,
  auth: A,
  summary: string,
  options: O,
): Entry<M, P, A, O> => ({ method, path, tag, summary, auth, ...options }) as Entry<M, P, A, O>;
const post = <P extends string, O extends Options>(path: P, tag: string, summary: string, options: O) =>
  route('POST', path, tag, true, summary, options);
const get = <P extends string, O extends Options>(path: P, tag: string, summary: string, options: O) =>
  route('GET', path, tag, true, summary, options);
const open = <M extends ApiMethod, P extends string, O extends Options>(method: M, path: P, tag: string, summary: string, options: O) =>
  route(method, path, tag, false, summary, options);

const catalogue = [
  // ---- identity: sign-in, sessions, onboarding, roles ----
  open('POST', '/auth/otp', 'identity', 'Send a one-time sign-in code by email, or by SMS to a mobile number', {
    name: 'requestOtp',
    body: RequestOtpBody,
    response: OtpSent,
  }),
  open('POST', '/auth/login', 'identity', 'Sign in with an email or SMS code, or as a guest', {
    name: 'login',
    body: LoginBody,
    response: AuthStateDto,
  }),
  open('POST', '/auth/login-wallet', 'identity', 'Sign in with a signed wallet message', {
    name: 'loginWithWallet',
    body: WalletSignatureBody,
    response: AuthStateDto,
  }),
  open('POST', '/auth/login-via-firebase-provider', 'identity', 'Sign in with an identity provider token', {
    name: 'loginWithProvider',
    body: ProviderLoginBody,
    response: AuthStateDto,
  }),
  open(
    'GET',
    '/auth/providers',
    'identity',
    'The identity providers offered for sign-in, with the public web configuration of the identity service',
    { name: 'providers', response: IdentityProvidersDto },
  ),
  open('POST', '/auth/login-via-telegram', 'identity', 'Sign in with Telegram init data', {
    name: 'loginWithTelegram',
    body: TelegramLoginBody,
    response: AuthStateDto,
  }),
  open('POST', '/auth/refresh', 'identity', 'Rotate the refresh cookie and get a new access token', {
    name: 'refresh',
    response: AuthStateDto,
  }),
  open('POST', '/auth/logout', 'identity', 'End the session and clear the refresh cookie', { name: 'logout', response: LoggedOut }),
  open('POST', '/wallet/create-sign-message', 'identity', 'Create the message a wallet signs to sign in or link', {
    name: 'createSignMessage',
    body: CreateSignMessageBody,
    response: SignMessageDto,
  }),
  post('/wallet/sign-message', 'identity', 'Link a wallet to the account with a signed message', {
    name: 'linkWallet',
    body: WalletSignatureBody,
    response: WalletLinked,
  }),
  post('/user/onboarding', 'identity', 'Finish onboarding', { name: 'finishOnboarding', body: OnboardingBody, response: OnboardingAnswer }),
  post('/admin/users/{uid}/roles', 'identity', 'Grant or revoke a role', {
    name: 'changeRoles',
    roles: ['ad'],
    body: RoleChangeBody,
    response: RolesChanged,
  }),
  post('/admin/users/{uid}/ban', 'identity', 'Ban or unban an account', {
    name: 'ban',
    roles: ['ad'],
    body: BanBody,
    response: BanChanged,
  }),
  // ---- becoming a host: the application and an admin's decision ----
  post('/host/application', 'host-applications', 'Apply to become a verified host (one open application at a time)', {
    name: 'apply',
    body: HostApplicationBody,
    response: HostApplicationAnswer,
    status: 201,
  }),
  get('/host/application', 'host-applications', 'The own latest host application and whether one hosts', {
    name: 'mine',
    response: MyHostApplication,
  }),
  get('/admin/host-applications', 'host-applications', 'Host applications by status, oldest first', {
    name: 'list',
    roles: ['ad'],
    query: HostApplicationListQuery,
    response: HostApplicationPage,
  }),
  post(
    '/admin/host-applications/{uid}/decide',
    'host-applications',
    'Approve (role h and the Verified Host badge) or reject a host application',
    { name: 'decide', roles: ['ad'], body: HostApplicationDecisionBody, response: HostApplicationAnswer },
  ),
  post('/claim/tg', 'identity', 'Claim the Telegram daily reward', { name: 'claimTelegramReward', response: DailyClaimAnswer }),
  get('/user/me', 'identity', 'The signed-in account', { name: 'me', response: MeDto }),
  get('/user/settings', 'identity', 'Mature content, audio preferences and linked sign-in methods', {
    name: 'settings',
    response: AccountSettingsDto,
  }),
  route('PUT', '/user/settings', 'identity', true, 'Change mature content (18+) and the audio preferences', {
    name: 'changeSettings',
    body: SettingsBody,
    response: SettingsChanged,
  }),
  post('/user/credentials/unlink', 'identity', 'Unlink a sign-in method (never the last one)', {
    name: 'unlinkCredential',
    body: UnlinkCredentialBody,
    response: CredentialsLeft,
  }),
  post('/user/sessions/end-others', 'identity', 'Sign out every other device', { name: 'endOtherSessions', response: OtherSessionsEnded }),
  post('/user/credentials/link-email', 'identity', 'Link an e-mail proven by its auth/otp code', {
    name: 'linkEmail',
    body: LinkEmailBody,
    response: CredentialsLinked,
  }),
  post('/user/credentials/link-provider', 'identity', "Link an identity provider's account by its ID token", {
    name: 'linkProvider',
    body: LinkProviderBody,
    response: CredentialsLinked,
  }),
  post('/user/account/delete', 'identity', 'Delete the own account (personal data leaves the read models; money records stay)', {
    name: 'deleteAccount',
    body: DeleteAccountBody,
    response: AccountDeletedAnswer,
  }),
  get('/claim/tg/next-claim', 'identity', 'When the next Telegram reward can be claimed', {
    name: 'nextTelegramClaim',
    response: NextClaimDto,
  }),
  open('GET', '/dev/mailbox', 'identity', 'Development only: sign-in emails sent to an address (JSON)', {
    name: 'devMailbox',
    query: DevMailboxQuery,
    response: DevMailbox,
  }),
  open('GET', '/dev/mailbox.html', 'identity', 'Development only: sign-in emails sent to an address (HTML)', {
    name: 'devMailboxPage',
    query: DevMailboxQuery,
    rawAnswer: { contentType: 'text/html', description: 'A page listing the emails' },
  }),
  open(
    'GET',
    '/client/error-reporting',
    'operations',
    "What the web app's error-reporting SDK is told: the DSN, the demo's local tunnel, or nothing",
    { name: 'errorReporting', response: ClientErrorReportingDto },
  ),
  open(
    'POST',
    '/dev/error-reports',
    'operations',
    "Demo only: the web app's SDK tunnels its error envelopes here instead of sending them",
    { name: 'storeDevErrorReport', rawBody: 'a Sentry envelope (newline-delimited JSON)', response: DevErrorReportsStored },
  ),
  open('GET', '/dev/errors', 'operations', 'Demo only: the error reports that would have been sent (JSON)', {
    name: 'devErrors',
    query: DevErrorReportsQuery,
    response: DevErrorReports,
  }),
  open('GET', '/dev/errors.html', 'operations', 'Demo only: the error reports that would have been sent (HTML)', {
    name: 'devErrorsPage',
    query: DevErrorReportsQuery,
    rawAnswer: { contentType: 'text/html', description: 'A page listing the reports' },
  }),
  open('GET', '/dev/sms', 'identity', 'Demo only: sign-in texts the local SMS provider kept for a number (JSON)', {
    name: 'devSms',
    query: DevSmsQuery,
    response: DevSmsInbox,
  }),
  open('GET', '/dev/sms.html', 'identity', 'Demo only: sign-in texts the local SMS provider kept for a number (HTML)', {
    name: 'devSmsPage',
    query: DevSmsQuery,
    rawAnswer: { contentType: 'text/html', description: 'A page listing the texts' },
  }),

  // ---- profiles, social graph, wall, gallery, media ----
  route('PUT', '/user/profile/details', 'social', true, 'Edit the own profile (JSON or multipart with a picture)', {
    name: 'updateProfile',
    body: UpdateProfileDetailsBody,
    response: CommandAnswer,
  }),
  get('/user/profile/details', 'social', 'The own profile', { name: 'ownProfile', response: ProfileDetails }),
  open('GET', '/location/countries', 'social', 'The countries of ISO 3166-1 for the address fields', {
    name: 'countries',
    response: CountryList,
  }),
  open('GET', '/user/profile/view/{uid}', 'social', "A user's public profile", { name: 'profile', response: ProfileView }),
  post('/user/follow/{uid}', 'social', 'Follow a user', { name: 'follow', response: CommandAnswer }),
  post('/user/unfollow/{uid}', 'social', 'Unfollow a user', { name: 'unfollow', response: CommandAnswer }),
  post('/user/remove/{uid}', 'social', 'Remove a follower or subscriber', {
    name: 'removeFollower',
    body: RemoveFollowerBody,
    response: CommandAnswer,
  }),
  post('/user/block/{uid}', 'social', 'Block a user', { name: 'block', response: CommandAnswer }),
  post('/messages/block/{uid}', 'social', 'Block a user from a message thread', { name: 'blockFromMessages', response: CommandAnswer }),
  post('/user/unblock/{uid}', 'social', 'Unblock a user', { name: 'unblock', response: CommandAnswer }),
  post('/user/report/{uid}', 'social', 'Report a user', { name: 'reportUser', body: ReportUserBody, response: CommandAnswer }),
  open('GET', '/user/followers/{uid}', 'social', "A user's followers", { name: 'followers', query: PageQuery, response: FollowerPage }),
  open('GET', '/user/following/{uid}', 'social', 'Whom a user follows', { name: 'following', query: PageQuery, response: FollowerPage }),
  open('GET', '/user/subscribers/{uid}', 'social', "A user's subscribers", {
    name: 'subscribers',
    query: PageQuery,
    response: FollowerPage,
  }),
  open('GET', '/user/subscriptions/{uid}', 'social', 'Whom a user subscribes to', {
    name: 'subscriptions',
    query: PageQuery,
    response: FollowerPage,
  }),
  get('/cms/users', 'social', 'Search users by name', { name: 'searchUsers', query: UserSearchQuery, response: FollowerPage }),
  post('/user/wall/post', 'social', 'Post on the own wall', {
    name: 'createWallPost',
    body: CreateWallPostBody,
    response: WallPostCreated,
    status: 201,
  }),
  post('/user/wall/delete/{id}', 'social', 'Delete an own wall post', { name: 'deleteWallPost', response: CommandAnswer }),
  post('/user/wall/post/{id}/like', 'social', 'Like a wall post', { name: 'likeWallPost', response: WallLikeAnswer }),
  post('/user/wall/post/{id}/unlike', 'social', 'Take back a like', { name: 'unlikeWallPost', response: WallLikeAnswer }),
  post('/user/wall/post/{id}/unlock', 'social', 'Pay diamonds to unlock a locked post', {
    name: 'unlockWallPost',
    response: WallUnlockAnswer,
  }),
  open('GET', '/user/wall/{uid}', 'social', "A user's wall", { name: 'wall', query: WallQuery, response: WallPage }),
  get('/user/feed/for-you', 'social', 'The for-you feed', { name: 'forYouFeed', query: FeedQuery, response: WallPage }),
  open('GET', '/user/gallery/{uid}', 'social', "A user's gallery", { name: 'gallery', query: PageQuery, response: GalleryPage }),
  post('/cms/presign-media', 'media', 'Step 1 of an upload: a presigned PUT address', {
    name: 'presign',
    body: PresignMediaBody,
    query: PresignMediaQuery,
    response: PresignedUpload,
  }),
  open('PUT', '/media/object/{key}', 'media', 'Step 2 of an upload to the local store: the file bytes (signed address)', {
    name: 'storeObject',
    rawBody: 'the file, with the presigned content type',
    response: UploadStored,
  }),
  post('/cms/process-media', 'media', 'Step 3 of an upload: check and register the file', {
    name: 'process',
    body: ProcessMediaBody,
    response: MediaProcessed,
  }),
  post('/user/gallery/item/delete', 'media', 'Delete a gallery item', {
    name: 'deleteGalleryItem',
    body: DeleteGalleryItemBody,
    response: CommandAnswer,
  }),
  open('GET', '/media/object/{key}', 'media', 'A stored file from the local store (signed address)', {
    name: 'object',
    rawAnswer: { contentType: 'application/octet-stream', description: 'The file, with its stored content type' },
  }),

  // ---- direct messages ----
  post('/messages/send/{uid}', 'messages', 'Send a direct message', {
    name: 'send',
    body: SendMessageBody,
    response: MessageSentAnswer,
    status: 201,
  }),
  post('/messages/refresh', 'messages', 'Mark a thread read', { name: 'markRead', body: RefreshMessagesBody, response: CommandAnswer }),
  get('/messages/threads', 'messages', 'The own message threads', {
    name: 'threads',
    query: MessageThreadsQuery,
    response: MessageThreadPage,
  }),
  get('/messages/unread', 'messages', 'How many of the own threads have unread messages', { name: 'unread', response: UnreadMessages }),
  get('/messages/threads/{threadId}', 'messages', 'Messages of a thread', {
    name: 'thread',
    query: MessagesQuery,
    response: MessageHistory,
  }),

  // ---- notifications centre ----
  get('/notifications', 'notifications', 'The own notifications, newest first, with the unread count', {
    name: 'list',
    query: PageQuery,
    response: NotificationsPage,
  }),
  get('/notifications/unread', 'notifications', 'How many of the own notifications are unread', {
    name: 'unread',
    response: NotificationsUnread,
  }),
  post('/notifications/read', 'notifications', 'Mark the own notifications read up to a sequence number', {
    name: 'markRead',
    body: MarkNotificationsReadBody,
    response: CommandAnswer,
  }),

  // ---- gifts ----
  post('/gifting/send-gift', 'gifting', 'Send a gift to users in a lobby, room or profile', {
    name: 'send',
    body: SendGiftBody,
    response: GiftSentAnswer,
    status: 201,
  }),
  open('GET', '/gifting/items', 'gifting', 'The gift catalogue', { name: 'items', response: GiftCatalogueAnswer }),
  open('GET', '/cms/assets', 'gifting', 'Gift and effect assets', { name: 'assets', response: CmsAssetList }),

  // ---- money: payments, purchases, withdrawals, wallets ----
  post(
    '/dev/demo-wallet/pay',
    'money',
    "Demo only: send a token from the caller's demo wallet on the demo's local chain to the deposit address (then submitted to payment/topup/pay)",
    { name: 'demoWalletPay', body: DemoWalletPayBody, response: DemoWalletPaid },
  ),
  post('/dev/demo-wallet/sign', 'money', "Demo only: the caller's demo wallet signs a wallet-link message (wallet/create-sign-message)", {
    name: 'demoWalletSign',
    body: DemoWalletSignBody,
    response: DemoWalletSigned,
  }),
  open('POST', '/payment/stripe/webhook', 'money', 'Stripe webhook (signed raw body)', {
    name: 'stripeWebhook',
    rawBody: 'the Stripe event, verified by its Stripe-Signature header',
    response: WebhookReceived,
  }),
  post('/payment/stripe/init', 'money', 'Start a card payment', { name: 'stripeInit', body: StripeInitBody, response: PaymentResultDto }),
  open('POST', '/payment/webpay/webhook', 'money', 'Web-payment notification (signed raw body)', {
    name: 'webpayWebhook',
    rawBody: "the provider's event, verified by its transmission headers",
    response: WebhookReceived,
  }),
  post('/payment/webpay/init', 'money', 'Start a hosted web-payment order; answers with its approval page', {
    name: 'webpayInit',
    body: WebPayInitBody,
    response: PaymentResultDto,
  }),
  post('/payment/webpay/capture', 'money', 'Back from the approval page: the server reads the order and captures it', {
    name: 'webpayCapture',
    body: HostedReturnBody,
    response: PaymentResultDto,
  }),
  open('POST', '/payment/ewallet/webhook', 'money', 'E-wallet notification (signed raw body)', {
    name: 'ewalletWebhook',
    rawBody: "the aggregator's event, verified by its Paymongo-Signature header",
    response: WebhookReceived,
  }),
  post('/payment/ewallet/init', 'money', 'Start a GCash or Maya charge in PHP; answers with its approval page', {
    name: 'ewalletInit',
    body: EWalletInitBody,
    response: PaymentResultDto,
  }),
  post('/payment/ton/init', 'money', 'Start a TON payment from the mini-app; answers with the transfer for TON Connect', {
    name: 'tonInit',
    body: TonInitBody,
    response: PaymentResultDto,
  }),
  post('/payment/ton/confirm', 'money', 'The wallet sent the transfer: the server looks for it on the TON chain and credits it once', {
    name: 'tonConfirm',
    body: TonConfirmBody,
    response: PaymentResultDto,
  }),
  post('/payment/ewallet/check', 'money', 'Back from the e-wallet: the server reads the charge back', {
    name: 'ewalletCheck',
    body: HostedReturnBody,
    response: PaymentResultDto,
  }),
  post(
    '/chain/rpc',
    'money',
    'Read the configured chain through our node (JSON-RPC; allow-listed read methods only; rate limited per user)',
    { name: 'chainRpc', body: ChainRpcRequest, response: ChainRpcAnswer },
  ),
  post('/payment/topup/pay', 'money', 'Top up diamonds (crypto transfer or sandbox)', {
    name: 'topUp',
    body: TopUpPayBody,
    response: PaymentResultDto,
  }),
  post('/payment/checkout/pay', 'money', "Buy the VIP subscription, or a creator's subscription (creatorUid), by card", {
    name: 'checkout',
    body: CheckoutPayBody,
    response: PaymentResultDto,
  }),
  post('/payment/purchase/validate', 'money', 'Check a purchase without buying', {
    name: 'validatePurchase',
    body: PurchaseBody,
    response: PurchaseCheck,
  }),
  post('/payment/purchase', 'money', 'Buy an item with diamonds', {
    name: 'purchase',
    body: PurchaseBody,
    response: PurchaseAnswer,
    status: 201,
  }),
  post('/skus/credit/condition', 'money', 'May the caller buy this item, and the balance after', {
    name: 'purchaseCondition',
    body: PurchaseBody,
    response: PurchaseCheck,
  }),
  post('/wallet/collections/equip', 'money', 'Wear or take off an owned frame or badge', {
    name: 'equip',
    body: EquipBody,
    response: EquipAnswer,
  }),
  post('/user/subscription/price', 'subscriptions', "Set the caller's monthly subscription price", {
    name: 'setPrice',
    body: SetSubscriptionPriceBody,
    response: SubscriptionPriceAnswer,
  }),
  post('/user/subscribe/{uid}', 'subscriptions', 'Subscribe to a creator for 30 days', {
    name: 'subscribe',
    body: SubscribeBody,
    response: SubscribedAnswer,
    status: 201,
  }),

  // ---- services and booking (docs/decisions/booking.md) ----
  open('GET', '/user/services/{uid}', 'booking', "A host's services (title, minutes, price in diamonds)", {
    name: 'services',
    response: ServiceList,
  }),
  post('/user/services', 'booking', 'List a service (15, 30 or 60 minutes for a price in diamonds)', {
    name: 'listService',
    body: ListServiceBody,
    response: ServiceListedAnswer,
    status: 201,
  }),
  post('/user/services/remove', 'booking', 'Stop offering a service', {
    name: 'removeService',
    body: RemoveServiceBody,
    response: CommandAnswer,
  }),
  post('/booking', 'booking', "Book a host's service at a time; its price is held from the wallet", {
    name: 'book',
    body: BookServiceBody,
    response: BookingAnswer,
    status: 201,
  }),
  get('/booking/me', 'booking', "The caller's bookings, as buyer and as host", {
    name: 'mine',
    query: BookingListQuery,
    response: BookingPage,
  }),
  get('/booking/extensions', 'booking', "Extensions of the caller's booked sessions", {
    name: 'extensions',
    query: PageQuery,
    response: ExtensionPage,
  }),
  get('/booking/{id}', 'booking', 'One booking, for its buyer and its host', { name: 'detail', response: BookingDto }),
  post('/booking/{id}/voice', 'booking', 'The voice of a live booked session, for its host and buyer (Agora token or the WebRTC session)', {
    name: 'voice',
    response: BookingVoiceAnswer,
  }),
  post(
    '/booking/{id}/cancel',
    'booking',
    'Cancel a booking (the buyer up to 1 hour before the start; the host until it ends); the hold is released',
    { name: 'cancel', response: BookingAnswer },
  ),
  post('/booking/{id}/extend', 'booking', 'Extend a running session by one more session of the service', {
    name: 'extend',
    response: BookingAnswer,
    status: 201,
  }),
  get('/wallet/collections', 'money', 'Owned frames, badges and gifts to keep, with status and end', {
    name: 'collections',
    query: CollectionsQuery,
    response: CollectionList,
  }),
  post('/wallet/withdraw/validate', 'money', 'Check a withdrawal without requesting it', {
    name: 'validateWithdrawal',
    body: WithdrawBody,
    response: WithdrawCheck,
  }),
  post('/wallet/withdraw', 'money', 'Request a charm withdrawal', {
    name: 'withdraw',
    body: WithdrawBody,
    response: WithdrawalAnswer,
    status: 201,
  }),
  post('/wallet/creator/payment', 'money', "Pay a creator on the agency's roster their charm", {
    name: 'payCreator',
    roles: ['ag'],
    body: CreatorPaymentBody,
    response: WithdrawalAnswer,
    status: 201,
  }),
  route('PUT', '/cashout-confirm', 'money', true, 'Confirm receipt of a creator payment', {
    name: 'confirmCashout',
    body: CashoutConfirmBody,
    response: WithdrawalAnswer,
  }),
  route('PUT', '/wallet/creator/cashout-confirm', 'money', true, 'Confirm receipt of a creator payment', {
    name: 'confirmCreatorCashout',
    body: CashoutConfirmBody,
    response: WithdrawalAnswer,
  }),
  post('/wallet/blockchain', 'money', 'Add a blockchain wallet', {
    name: 'addBlockchainWallet',
    body: BlockchainWalletBody,
    response: BlockchainWalletAnswer,
    status: 201,
  }),
  post('/wallet/blockchain/rename', 'money', 'Rename a blockchain wallet', {
    name: 'renameBlockchainWallet',
    body: BlockchainWalletChangeBody,
    response: BlockchainWalletAnswer,
  }),
  post('/wallet/blockchain/update', 'money', 'Change a blockchain wallet', {
    name: 'updateBlockchainWallet',
    body: BlockchainWalletChangeBody,
    response: BlockchainWalletAnswer,
  }),
  post('/wallet/blockchain/remove', 'money', 'Remove a blockchain wallet', {
    name: 'removeBlockchainWallet',
    body: BlockchainWalletChangeBody,
    response: BlockchainWalletAnswer,
  }),
  get('/wallet/balance', 'money', 'Diamond and charm balances', { name: 'balance', response: BalanceDto }),
  get('/transaction/me', 'money', 'The own transaction history', {
    name: 'transactions',
    query: TransactionHistoryQuery,
    response: TransactionHistory,
  }),
  get('/wallet/inventory/bought', 'money', 'Items bought', { name: 'inventory', query: PageQuery, response: InventoryList }),
  open('GET', '/payment/currencies/available', 'money', 'Accepted crypto currencies', { name: 'currencies', response: CurrencyList }),
  open('GET', '/payment/currencies/conversion', 'money', 'Convert an amount between currencies at the configured rates', {
    name: 'conversion',
    query: CurrencyConversionQuery,
    response: CurrencyConversion,
  }),
  get('/payment/currencies/recommended', 'money', 'Currencies recommended for the caller', {
    name: 'recommendedTopUps',
    response: RecommendedTopUps,
  }),
  open('GET', '/payment/methods', 'money', "Payment methods configured here, for the caller's region (e-wallets first in PH)", {
    name: 'paymentMethods',
    query: PaymentMethodsQuery,
    response: PaymentMethods,
  }),
  open('GET', '/skus/read', 'money', 'Items for sale', { name: 'skus', response: SkuList }),
  open('GET', '/skus/read/{id}', 'money', 'One item for sale', { name: 'sku', response: SkuDto }),
  get('/wallet/withdraw/available', 'money', 'Charm available to withdraw', { name: 'withdrawAvailable', response: WithdrawAvailable }),
  get('/wallet/withdrawals', 'money', 'The own withdrawals', { name: 'withdrawals', query: PageQuery, response: WithdrawalList }),
  get('/wallet/creator/cashout-list', 'money', 'Creator cash-outs', {
    name: 'creatorCashouts',
    roles: ['ag', 'ad'],
    query: PageQuery,
    response: CashoutList,
  }),
  get('/payment-notifications', 'money', 'Payment notifications', { name: 'paymentNotifications', response: PaymentNotifications }),
  get('/wallet/creator/payment-notifications', 'money', 'Payment notifications', {
    name: 'creatorPaymentNotifications',
    response: PaymentNotifications,
  }),
  post('/payment-notifications/read', 'money', 'Mark an own agency payment notification read', {
    name: 'markPaymentNotificationRead',
    body: MarkPaymentNotificationReadBody,
    response: CommandAnswer,
  }),
  get('/wallet/blockchain', 'money', 'The own blockchain wallets', { name: 'blockchainWallets', response: BlockchainWalletList }),
  get('/payment/status/{paymentId}', 'money', 'Status of a payment', { name: 'paymentStatus', response: PaymentStatusDto }),

  // ---- referral ----
  post('/referral/me/link', 'referral', 'The own referral link', { name: 'myLink', response: ReferralLinkDto }),
  post('/referral/init', 'referral', 'The own referral link (created on first use)', { name: 'init', response: ReferralLinkDto }),
  post('/referral/create-link', 'referral', 'Create a custom referral link', {
    name: 'createLink',
    body: CreateReferralLinkBody,
    response: ReferralLinkDto,
  }),
  post('/referral/validate-referrer', 'referral', 'Check a referral code before connecting', {
    name: 'validateReferrer',
    body: ValidateReferrerBody,
    response: ReferrerCheck,
  }),
  post('/referral/connect', 'referral', 'Connect to a referrer', {
    name: 'connect',
    body: ConnectReferrerBody,
    response: ReferrerConnected,
  }),
  post('/referral/add-wallet', 'referral', 'Set the referral payout wallet', {
    name: 'addPayoutWallet',
    body: AddPayoutWalletBody,
    response: PayoutWalletAnswer,
  }),
  get('/referral/referral-details', 'referral', 'Referral summary', { name: 'details', response: ReferralDetailsDto }),
  get('/referral/referrals', 'referral', 'Invited users', { name: 'invitees', query: InviteeQuery, response: InviteePage }),
  get('/referral/reward-records', 'referral', 'Referral rewards', { name: 'rewardRecords', query: PageQuery, response: RewardRecordPage }),
  get('/referral/payouts', 'referral', 'Referral payouts', { name: 'payouts', query: PageQuery, response: PayoutPage }),

  // ---- lobbies and rooms ----
  post('/lobbies', 'lobbies', 'Create a lobby', { name: 'create', body: CreateLobbyBody, response: LobbyEntered, status: 201 }),
  post('/lobbies/public/{id}/join', 'lobbies', 'Join a public lobby', { name: 'joinPublic', response: LobbyEntered }),
  post('/lobbies/{id}/join', 'lobbies', 'Join a lobby', { name: 'join', response: LobbyEntered }),
  post('/lobbies/{id}/join/{inviteId}', 'lobbies', 'Join a lobby with an invite', { name: 'joinByInvite', response: LobbyEntered }),
  post('/lobbies/{id}/leave', 'lobbies', 'Leave a lobby', { name: 'leave', response: CommandAnswer }),
  post('/lobbies/{id}/end', 'lobbies', 'End a lobby', { name: 'end', response: CommandAnswer }),
  post('/lobbies/{id}/close', 'lobbies', 'Close a lobby', { name: 'close', response: CommandAnswer }),
  post('/lobbies/{id}/info', 'lobbies', 'Edit lobby information', {
    name: 'updateInfo',
    body: UpdateLobbyInfoBody,
    response: LobbyMessageAnswer,
  }),
  post('/lobbies/{id}/settings/background', 'lobbies', 'Set the lobby background', {
    name: 'setBackground',
    body: BackgroundBody,
    response: CommandAnswer,
  }),
  post('/lobbies/{id}/invites', 'lobbies', 'Create an invite', { name: 'invite', response: InviteCreated, status: 201 }),
  post('/lobbies/{id}/mic/request', 'lobbies', 'Ask for a seat', { name: 'requestMic', response: CommandAnswer }),
  post('/lobbies/{id}/mic/grant', 'lobbies', 'Seat a user', { name: 'grantMic', body: GrantMicBody, response: MicGrantedAnswer }),
  post('/lobbies/{id}/mic/unseat', 'lobbies', 'Take a user off a seat', { name: 'unseat', body: LobbyTargetBody, response: CommandAnswer }),
  post('/lobbies/{id}/mic/mute', 'lobbies', 'Mute a seat', { name: 'mute', body: LobbyTargetBody, response: CommandAnswer }),
  post('/lobbies/{id}/mic/unmute', 'lobbies', 'Unmute a seat', { name: 'unmute', body: LobbyTargetBody, response: CommandAnswer }),
  post('/lobbies/{id}/queue/remove', 'lobbies', 'Remove a seat request', {
    name: 'removeFromQueue',
    body: LobbyTargetBody,
    response: CommandAnswer,
  }),
  post('/lobbies/{id}/cohosts/remove', 'lobbies', 'Remove a co-host', {
    name: 'removeCohost',
    body: LobbyTargetBody,
    response: CommandAnswer,
  }),
  post('/lobbies/{id}/kick', 'lobbies', 'Kick a user', { name: 'kick', body: LobbyTargetBody, response: CommandAnswer }),
  post('/lobbies/{id}/host/switch', 'lobbies', 'Hand the host over', { name: 'switchHost', body: SwitchHostBody, response: CommandAnswer }),
  post('/lobbies/{id}/block', 'lobbies', 'Block a user from the lobby', { name: 'block', body: BlockBody, response: LobbyMessageAnswer }),
  post('/lobbies/{id}/unblock', 'lobbies', 'Unblock a user', { name: 'unblock', body: UnblockBody, response: LobbyMessageAnswer }),
  post('/lobbies/{id}/users/{uid}/silence', 'lobbies', 'Silence a user in the chat', { name: 'silence', response: CommandAnswer }),
  post('/lobbies/{id}/users/{uid}/unsilence', 'lobbies', 'Lift a silence', { name: 'unsilence', response: CommandAnswer }),
  post('/lobbies/manage/{id}/admin/add', 'lobbies', 'Add a lobby administrator', {
    name: 'addAdmin',
    body: AddAdminBody,
    response: LobbyMessageAnswer,
  }),
  post('/lobbies/manage/{id}/admin/remove', 'lobbies', 'Remove a lobby administrator', {
    name: 'removeAdmin',
    body: RemoveAdminBody,
    response: LobbyMessageAnswer,
  }),
  post('/lobbies/{id}/pin', 'lobbies', 'Pin a chat message', { name: 'pin', body: PinMessageBody, response: CommandAnswer }),
  post('/lobbies/{id}/chat', 'lobbies', 'Send a lobby chat message', {
    name: 'chat',
    body: LobbyChatBody,
    response: ChatPosted,
    status: 201,
  }),
  post('/lobbies/{id}/tools/dice', 'lobbies', 'Roll two dice for everyone in the lobby to see (drawn by the server)', {
    name: 'rollDice',
    response: DiceRolledAnswer,
  }),
  post('/lobbies/{id}/tools/lucky-number', 'lobbies', 'Draw a lucky number from 1 to 100 for everyone in the lobby to see', {
    name: 'luckyNumber',
    response: LuckyNumberAnswer,
  }),
  post('/lobbies/{id}/tools/poll', 'lobbies', 'Start a quick poll (hosts, speakers and lobby admins; one open poll per lobby)', {
    name: 'openPoll',
    body: OpenPollBody,
    response: PollAnswer,
    status: 201,
  }),
  post('/lobbies/{id}/tools/poll/vote', 'lobbies', 'Vote in the open poll (once per member)', {
    name: 'votePoll',
    body: VotePollBody,
    response: CommandAnswer,
  }),
  post('/lobbies/{id}/tools/poll/close', 'lobbies', 'Close the open poll (whoever started it, or lobby staff)', {
    name: 'closePoll',
    body: ClosePollBody,
    response: CommandAnswer,
  }),
  post('/lobbies/{id}/rooms/{roomId}/chat', 'lobbies', 'Send a room chat message', {
    name: 'roomChat',
    body: LobbyChatBody,
    response: ChatPosted,
    status: 201,
  }),
  post('/lobbies/{id}/rooms', 'lobbies', 'Create a room', {
    name: 'createRoom',
    body: CreateRoomBody,
    response: RoomCreatedAnswer,
    status: 201,
  }),
  post('/lobbies/{id}/rooms/{roomId}/join', 'lobbies', 'Join a room', { name: 'joinRoom', response: RoomEntered }),
  post('/lobbies/{id}/rooms/{roomId}/join/{key}', 'lobbies', 'Join a private room with its key', {
    name: 'joinRoomWithKey',
    response: RoomEntered,
  }),
  post('/rooms/{id}/join/{key}', 'lobbies', 'Join a private room with its key', { name: 'joinRoomByKey', response: RoomEntered }),
  post('/lobbies/{id}/rooms/{roomId}/start', 'lobbies', 'Start a room', { name: 'startRoom', response: RoomActionAnswer }),
  post('/lobbies/{id}/rooms/{roomId}/end', 'lobbies', 'End a room', { name: 'endRoom', response: RoomActionAnswer }),
  post('/rooms/{id}/end', 'lobbies', 'End a room', { name: 'endRoomById', response: RoomActionAnswer }),
  post('/rooms/{id}/start', 'lobbies', 'Start a room', { name: 'startRoomById', response: RoomActionAnswer }),
  post('/rooms/{id}/users/{uid}/silence', 'lobbies', 'Silence a user in a room', { name: 'silenceInRoom', response: RoomActionAnswer }),
  post('/rooms/{id}/users/{uid}/unsilence', 'lobbies', 'Lift a room silence', { name: 'unsilenceInRoom', response: RoomActionAnswer }),
  post('/lobbies/{id}/rooms/{roomId}/leave', 'lobbies', 'Leave a room', { name: 'leaveRoom', response: CommandAnswer }),
  post('/lobbies/refresh-token', 'lobbies', 'Renew the media token', {
    name: 'refreshMediaToken',
    body: MediaTokenRefreshBody,
    response: MediaTokenRefreshed,
  }),
  get('/lobbies', 'lobbies', 'Live lobbies', { name: 'list', query: LobbyListQuery, response: LobbyList }),
  open('GET', '/lobbies/public', 'lobbies', 'Live public lobbies', { name: 'listPublic', query: LobbyListQuery, response: LobbyList }),
  open('GET', '/app/home', 'lobbies', 'Home page: banners, categories, lobbies', {
    name: 'home',
    query: LobbyListQuery,
    response: HomeAnswer,
  }),
  open('GET', '/app/home/public', 'lobbies', 'Home page for visitors', { name: 'homePublic', query: LobbyListQuery, response: HomeAnswer }),
  open('GET', '/lobbies/props', 'lobbies', 'Lobby categories, backgrounds and limits', { name: 'props', response: LobbyProps }),
  get('/lobbies/settings', 'lobbies', 'Settings of a lobby the caller manages', {
    name: 'settings',
    query: LobbySettingsQuery,
    response: LobbySettings,
  }),
  open('GET', '/lobbies/leaderboard', 'lobbies', 'Lobby leaderboard', {
    name: 'leaderboard',
    query: LobbyLeaderboardQuery,
    response: LobbyLeaderboard,
  }),
  open('GET', '/lobbies/{id}', 'lobbies', 'A lobby with its members', { name: 'detail', query: LobbyDetailQuery, response: LobbyDetail }),
  get('/lobbies/{id}/invites', 'lobbies', 'Invites of a lobby', { name: 'invites', response: LobbyInvites }),
  open('GET', '/lobbies/{id}/rooms', 'lobbies', 'Rooms of a lobby', { name: 'rooms', query: PageQuery, response: RoomList }),
  open('GET', '/rooms/{id}', 'lobbies', 'A room with its users', { name: 'room', response: RoomDetail }),
  open('GET', '/lobbies/{id}/chat', 'lobbies', 'Lobby or room chat history', {
    name: 'chatHistory',
    query: LobbyChatQuery,
    response: LobbyChatHistory,
  }),
  open('GET', '/lobbies/{id}/tools', 'lobbies', "The lobby's latest poll and its latest dice and lucky-number results", {
    name: 'tools',
    response: LobbyToolsDto,
  }),
  get('/gifs/search', 'lobbies', 'Search GIFs and stickers for the chat', {
    name: 'searchGifs',
    query: GifSearchQuery,
    response: GifSearchResult,
  }),
  open('GET', '/user/leaderboards', 'leaderboards', 'Global leaderboards', {
    name: 'global',
    query: GlobalLeaderboardQuery,
    response: GlobalLeaderboardDto,
  }),

  // ---- guild (agencies) ----
  post('/guild/agencies', 'guild', 'Create an agency', {
    name: 'create',
    roles: ['ag'],
    body: CreateAgencyBody,
    response: AgencyCreatedAnswer,
    status: 201,
  }),
  post('/guild/agencies/{agencyId}/invitations', 'guild', 'Invite a creator to the roster (they join by accepting)', {
    name: 'inviteHost',
    roles: ['ag'],
    body: InviteAgencyHostBody,
    response: CommandAnswer,
  }),
  route('DELETE', '/guild/agencies/{agencyId}/hosts/{hostUid}', 'guild', true, 'Remove a host', {
    name: 'removeHost',
    roles: ['ag'],
    response: CommandAnswer,
  }),
  post('/guild/invitations/{agencyId}/accept', 'guild', "Accept an agency's invitation (join its roster)", {
    name: 'acceptInvitation',
    response: CommandAnswer,
  }),
  post('/guild/invitations/{agencyId}/decline', 'guild', "Decline an agency's invitation", {
    name: 'declineInvitation',
    response: CommandAnswer,
  }),
  post('/guild/membership/leave', 'guild', 'Leave the own agency', { name: 'leave', response: CommandAnswer }),
  get('/guild/invitations', 'guild', "The caller's agency and the invitations waiting for their answer", {
    name: 'myInvitations',
    response: MyAgencyInvitations,
  }),
  get('/guild/agencies/{agencyId}/invitations', 'guild', 'Invitations the agency sent that wait for an answer', {
    name: 'invitations',
    roles: ['ag'],
    response: AgencyInvitationList,
  }),
  route('PUT', '/guild/agencies/{agencyId}/shares', 'guild', true, 'Set share ratios', {
    name: 'setShares',
    roles: ['ag'],
    body: SetShareRatiosBody,
    response: CommandAnswer,
  }),
  post('/guild/agencies/{agencyId}/settlements', 'guild', 'Settle a period', {
    name: 'settle',
    roles: ['ag'],
    body: SettlePeriodBody,
    response: PeriodSettledAnswer,
    status: 201,
  }),
  post('/guild/agencies/{agencyId}/payments', 'guild', 'Record a charm payment to a host', {
    name: 'submitPayment',
    roles: ['ag'],
    body: SubmitCharmPaymentBody,
    response: CharmPaymentSubmittedAnswer,
    status: 201,
  }),
  route('PUT', '/guild/agencies/{agencyId}/payments/{paymentId}/confirm', 'guild', true, 'Confirm a charm payment', {
    name: 'confirmPayment',
    roles: ['ag'],
    response: CommandAnswer,
  }),
  get('/guild/agencies', 'guild', 'The own agencies', { name: 'agencies', roles: ['ag'], response: AgencyList }),
  get('/guild/agencies/{agencyId}', 'guild', 'An agency with its hosts', { name: 'agency', roles: ['ag'], response: AgencyDto }),
  get('/guild/agencies/{agencyId}/receipts', 'guild', 'Gift receipts of the hosts', {
    name: 'receipts',
    query: GiftReceiptQuery,
    roles: ['ag'],
    response: GiftReceiptPage,
  }),
  get('/guild/agencies/{agencyId}/preview', 'guild', 'Settlement preview of a period', {
    name: 'preview',
    roles: ['ag'],
    query: PeriodQuery,
    response: SettlementPreviewDto,
  }),
  get('/guild/agencies/{agencyId}/settlements', 'guild', 'Settlements', {
    name: 'settlements',
    roles: ['ag'],
    query: PageQuery,
    response: SettlementPage,
  }),
  get('/guild/agencies/{agencyId}/payments', 'guild', 'Charm payments', {
    name: 'payments',
    roles: ['ag'],
    query: PageQuery,
    response: CharmPaymentPage,
  }),

  // ---- progression: EXP, levels, missions, quests, fragments, friends, quest account ----
  post('/progression/missions/{missionId}/claim', 'progression', 'Claim a complete mission of the current period', {
    name: 'claimMission',
    body: ClaimBody,
    response: ClaimResultDto,
  }),
  post('/progression/quests/{stepId}/claim', 'progression', 'Claim a complete quest step', {
    name: 'claimQuest',
    body: ClaimBody,
    response: ClaimResultDto,
  }),
  post('/progression/fragments/combine', 'progression', 'Combine 10 fragments of a kind into their item', {
    name: 'combineFragments',
    body: CombineFragmentsBody,
    response: FragmentsCombinedAnswer,
  }),
  post('/progression/frens/token', 'progression', 'The own EXP-for-friends token (issued on first use)', {
    name: 'friendToken',
    response: FriendTokenAnswer,
  }),
  post('/progression/frens/join', 'progression', "Join with a friend's EXP-for-friends token", {
    name: 'joinFriend',
    body: JoinWithTokenBody,
    response: FriendJoinedAnswer,
  }),
  post('/progression/quest-account/link', 'progression', 'Link a quest-platform account with its signed proof', {
    name: 'linkQuestAccount',
    body: LinkQuestAccountBody,
    response: QuestAccountLinkedAnswer,
  }),
  post('/progression/quest-account/unlink', 'progression', 'Unlink the quest-platform account', {
    name: 'unlinkQuestAccount',
    response: CommandAnswer,
  }),
  post(
    '/progression/quest-account/sandbox-authorize',
    'progression',
    'Demo only (MURMUR_DEMO=on, no platform configured): a signed link proof for the caller',
    { name: 'sandboxAuthorize', response: SandboxLinkProof },
  ),
  open('POST', '/progression/quest-platform/webhook', 'progression', 'Signed webhook of the quest platform: EXP earned there', {
    name: 'questWebhook',
    rawBody: 'application/json',
    response: QuestWebhookReceived,
  }),
  get('/progression/level', 'progression', 'The own EXP, level and expPercentage', { name: 'level', response: LevelDto }),
  open('GET', '/progression/levels/{uid}', 'progression', "A user's level", { name: 'userLevel', response: UserLevelDto }),
  get('/progression/exp-history', 'progression', 'What earned the own EXP', {
    name: 'expHistory',
    query: PageQuery,
    response: ExpHistoryPage,
  }),
  get('/progression/missions', 'progression', 'Daily and weekly missions with progress', { name: 'missions', response: MissionList }),
  get('/progression/quests', 'progression', 'Quest chains with progress', { name: 'quests', response: QuestList }),
  get('/progression/rewards-history', 'progression', 'Every reward claimed', {
    name: 'rewardsHistory',
    query: PageQuery,
    response: RewardHistoryPage,
  }),
  get('/progression/fragments', 'progression', 'Fragments held', { name: 'fragments', response: FragmentList }),
  open('GET', '/progression/lobby-levels', 'progression', 'Levels of the given lobbies (ids=a,b)', {
    name: 'lobbyLevels',
    query: LobbyLevelsQuery,
    response: LobbyLevelList,
  }),
  get('/progression/lobby-levels/mine', 'progression', "The own lobbies' levels and the top lobbies", {
    name: 'ownLobbyLevels',
    response: OwnLobbyLevels,
  }),
  get('/progression/frens', 'progression', 'The own EXP-for-friends token and friends', { name: 'friends', response: FriendsDto }),
  get('/progression/quest-account', 'progression', 'The linked quest account (authStep, account, exp)', {
    name: 'questAccount',
    response: QuestAccountDto,
  }),

  // ---- operators' console: money operations ----
  get('/console/withdrawals', 'console', 'Withdrawals and creator payouts by status (pending: oldest first)', {
    name: 'withdrawals',
    roles: ['ad'],
    query: WithdrawalQueueQuery,
    response: WithdrawalQueue,
  }),
  post('/console/withdrawals/{withdrawalId}/settle', 'console', 'Settle a pending withdrawal with its on-chain or bank reference', {
    name: 'settleWithdrawal',
    roles: ['ad'],
    body: SettleWithdrawalBody,
    response: WithdrawalDecision,
  }),
  post('/console/withdrawals/{withdrawalId}/reject', 'console', 'Reject a pending withdrawal: its charm goes back to the user', {
    name: 'rejectWithdrawal',
    roles: ['ad'],
    body: RejectWithdrawalBody,
    response: WithdrawalDecision,
  }),
  get('/console/payments/stuck', 'console', 'Payments still not final after a while', {
    name: 'stuckPayments',
    roles: ['ad'],
    query: StuckPaymentsQuery,
    response: StuckPayments,
  }),
  get('/console/referral/settlements', 'console', "A week's referral settlements", {
    name: 'referralSettlements',
    roles: ['ad'],
    query: ReferralWeekQuery,
    response: ReferralWeekSettlements,
  }),
  get('/console/grants', 'console', 'Manual diamond grants by status', {
    name: 'grants',
    roles: ['ad'],
    query: GrantQueueQuery,
    response: GrantQueue,
  }),
  post('/console/grants', 'console', 'Grant diamonds (reason and Idempotency-Key required; a second admin approves above the threshold)', {
    name: 'requestGrant',
    roles: ['ad'],
    body: RequestGrantBody,
    response: GrantDecision,
    status: 201,
  }),
  post('/console/grants/{grantId}/approve', 'console', 'Approve a grant requested by another admin, and mint it', {
    name: 'approveGrant',
    roles: ['ad'],
    response: GrantDecision,
  }),
  post('/console/grants/{grantId}/reject', 'console', 'Reject a pending grant', {
    name: 'rejectGrant',
    roles: ['ad'],
    body: RejectGrantBody,
    response: GrantDecision,
  }),
  get('/console/ledger/audit', 'console', "The ledger audit's latest result and recent runs", {
    name: 'ledgerAudit',
    roles: ['ad'],
    response: LedgerAuditStatus,
  }),
  post('/console/ledger/audit', 'console', 'Ask the projections worker for a ledger audit now', {
    name: 'runLedgerAudit',
    roles: ['ad'],
    response: LedgerAuditAnswer,
    status: 201,
  }),

  // ---- reports and the operators' console: admins only, beyond filing a report ----
  post('/reports', 'moderation', 'Report a user, lobby, wall post, lobby chat message or direct message', {
    name: 'report',
    body: ReportBody,
    response: ReportFiled,
    status: 201,
  }),
  get('/console/reports', 'console', 'The reports queue with content and context', {
    name: 'reports',
    roles: ['ad'],
    query: ReportQuery,
    response: ReportPage,
  }),
  post('/console/reports/{id}/decide', 'console', 'Decide a report once: warn, silence, remove, ban or dismiss', {
    name: 'decideReport',
    roles: ['ad'],
    body: DecideReportBody,
    response: ReportDecisionAnswer,
  }),
  get('/console/users', 'console', 'Search users by uid, username or e-mail', {
    name: 'users',
    roles: ['ad'],
    query: UserSearchConsoleQuery,
    response: ConsoleUserPage,
  }),
  get('/console/users/{uid}', 'console', 'A user: roles, sessions, wallet summary, bans', {
    name: 'user',
    roles: ['ad'],
    response: ConsoleUserDetail,
  }),
  post('/console/users/{uid}/sign-out', 'console', 'Sign a user out everywhere', {
    name: 'signOutUser',
    roles: ['ad'],
    body: SignOutEverywhereBody,
    response: OperatorDone,
  }),
  post(
    '/console/users/{uid}/waitlist',
    'console',
    'Let a user in from the waitlist, or put them back, with a note kept in the audit trail',
    { name: 'setWaitlist', roles: ['ad'], body: WaitlistBody, response: WaitlistAnswer },
  ),
  get('/console/lobbies', 'console', 'Live lobbies with members and open reports', {
    name: 'lobbies',
    roles: ['ad'],
    query: PageQuery,
    response: ConsoleLobbyPage,
  }),
  post('/console/lobbies/{id}/terminate', 'console', 'End a lobby, with the reason its members see', {
    name: 'terminateLobby',
    roles: ['ad'],
    body: OperatorLobbyBody,
    response: OperatorDone,
  }),
  post('/console/lobbies/{id}/remove', 'console', 'Remove a user from a lobby, with the reason they see', {
    name: 'removeFromLobby',
    roles: ['ad'],
    body: OperatorRemoveBody,
    response: OperatorDone,
  }),
  get('/console/agencies', 'console', 'Every agency with its owner, host count and verification (unverified first)', {
    name: 'agencies',
    roles: ['ad'],
    query: PageQuery,
    response: ConsoleAgencyPage,
  }),
  get('/console/agencies/{agencyId}', 'console', "An agency's roster and verification", {
    name: 'agency',
    roles: ['ad'],
    response: ConsoleAgencyDetail,
  }),
  get('/console/agencies/{agencyId}/settlements', 'console', "An agency's settlements", {
    name: 'agencySettlements',
    roles: ['ad'],
    query: PageQuery,
    response: SettlementPage,
  }),
  post('/console/agencies/{agencyId}/verify', 'console', 'Verify an agency, with a note kept in the audit trail', {
    name: 'verifyAgency',
    roles: ['ad'],
    body: VerifyAgencyBody,
    response: OperatorDone,
  }),
  get('/console/audit', 'console', 'Operator actions by subject or operator', {
    name: 'audit',
    roles: ['ad'],
    query: AuditQuery,
    response: AuditPage,
  }),

  // ---- the auditor's view (roles au and ad: docs/decisions/ledger-proof.md) ----
  get('/console/ledger-proof/audits', 'ledgerProof', "The ledger audit's runs and open requests, newest first", {
    name: 'audits',
    roles: [...auditorRoles],
    query: PageQuery,
    response: AuditRunPage,
  }),
  get('/console/ledger-proof/digests', 'ledgerProof', 'The signed digests of the money log, newest first', {
    name: 'digests',
    roles: [...auditorRoles],
    query: PageQuery,
    response: DigestPage,
  }),
  get(
    '/console/ledger-proof/digests/{digestId}/check',
    'ledgerProof',
    "A recorded digest's Ed25519 signature checked, and its root recomputed from the log's heads at its point",
    { name: 'checkDigest', roles: [...auditorRoles], response: DigestCheck },
  ),
  get('/console/ledger-proof/accounts/{uid}', 'ledgerProof', "An account's money movements (wallet and earnings) with their chain proof", {
    name: 'account',
    roles: [...auditorRoles],
    query: AccountLedgerQuery,
    response: AccountLedger,
  }),
  get('/console/ledger-proof/accounts/{uid}/export', 'ledgerProof', "An account's whole ledger as JSON lines or CSV", {
    name: 'accountExport',
    roles: [...auditorRoles],
    query: AccountExportQuery,
    rawAnswer: {
      contentType: 'application/x-ndjson or text/csv',
      description: "every event of the account's money streams with its hashes, one a line, verified by `audit --verify-export`",
    },
  }),
  get('/console/ledger-proof/export', 'ledgerProof', 'Every money event recorded in a period (UTC days), as JSON lines or CSV', {
    name: 'periodExport',
    roles: [...auditorRoles],
    query: PeriodExportQuery,
    rawAnswer: {
      contentType: 'application/x-ndjson or text/csv',
      description:
        'every money event recorded from the start of `from` to the end of `to`, in log order, verified by `audit --verify-export`',
    },
  }),

  // ---- operations ----
  get('/console/ops/status', 'ops', "Each projection's lag and status, the oldest open transaction, gateway connections", {
    name: 'status',
    roles: ['ad', 'dev'],
    response: OperationsStatus,
  }),
  post(
    '/console/ops/rebuild',
    'ops',
    'Rebuild a projection from the log (the same rebuild as `projections rebuild`); the projections worker runs it',
    { name: 'rebuild', roles: ['ad'], body: RebuildProjectionBody, response: RebuildRequestedAnswer, status: 201 },
  ),
  get('/ops/stream-categories', 'ops', 'Event stream categories and their sizes', {
    name: 'streamCategories',
    roles: ['ad', 'dev'],
    query: PageQuery,
    response: StreamCategoryPage,
  }),
] satisfies ApiRoute[];
export const apiCatalogue: ApiRoute[] = catalogue;

type CatalogueEntry = (typeof catalogue)[number];
/** `METHOD /path` of every catalogued route, e.g. `GET /lobbies/{id}`. */
export type ApiRouteKey = CatalogueEntry extends infer E
  ? E extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;
/** A route's catalogue entry, with its method, path, auth and schemas as types. */
export type ApiEntry<K extends ApiRouteKey> = K extends `${infer M} ${infer P}` ? Extract<CatalogueEntry, { method: M; path: P }> : never;
/** The body a route answers with, from its catalogued DTO (`unknown` while it has none). */
export type ApiResponse<K extends ApiRouteKey> = ApiEntry<K> extends { response: infer S extends z.ZodType } ? z.infer<S> : unknown;
/** What a caller sends as a route's JSON body: its body schema's input (`undefined` when it reads none). */
export type ApiBody<K extends ApiRouteKey> = ApiEntry<K> extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;
/** A route's query string as a caller writes it: its query schema's input (`undefined` when it reads none). */
export type ApiQuery<K extends ApiRouteKey> = ApiEntry<K> extends { query: infer S extends z.ZodType } ? z.input<S> : undefined;
/** Routes of one method, e.g. `ApiRouteOf<'GET'>`. */
export type ApiRouteOf<M extends ApiMethod> = Extract<ApiRouteKey, `${M} ${string}`>;

/**
 * Older and newer API versions the clients call for a few routes: each alias answers exactly as the
 * v1 route it names (same handler, same DTO). Rewritten to `/api/v1` by `apiVersionAliases` in
 * `@murmur/platform`, in both APIs, so neither edge (nginx, scripts/edge.ts) needs to know them.
 */
export const versionAliases = [
  { version: 'v2', route: 'GET /lobbies' },
  { version: 'v2', route: 'GET /lobbies/public' },
  { version: 'v0', route: 'GET /app/home' },
  { version: 'v0', route: 'GET /app/home/public' },
  { version: 'v2', route: 'POST /referral/me/link' },
] as const satisfies ReadonlyArray<{ version: 'v0' | 'v2' | 'v3'; route: ApiRouteKey }>;
