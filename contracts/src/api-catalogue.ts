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
import { ClientErrorReportingDto, DevErrorReports, DevErrorReportsStored } from './error-reporting.ts';
import { CountryList } from './countries.ts';
import { CollectionList, EquipBody } from './collections.ts';
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
} from './guild.ts';
import {
  AuthStateDto,
  BanBody,
  BanChanged,
  CreateSignMessageBody,
  DailyClaimAnswer,
  DevMailbox,
  DevSmsInbox,
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
  WithdrawalDecision,
  WithdrawalQueue,
  WithdrawalQueueQuery,
} from './money-operations.ts';
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
} from './wallet.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  /** OpenAPI form below /api/v1, e.g. `/lobbies/{id}/join`. */
  path: string;
  /** Groups routes in the document (one per module). */
  tag: string;
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
  /** The success answer's body: the contracts DTO the handler sends (`send` in platform) and the web
   * app reads (`ApiResponse`). Absent only on a route whose answer is not JSON (`rawAnswer`). */
  response?: z.ZodType;
  /** The success status when it is not 200 (a create answers 201). */
  status?: 201;
}

type Options = Partial<Pick<ApiRoute, 'roles' | 'body' | 'query' | 'rawBody' | 'rawAnswer' | 'response' | 'status'>>;

// Generic so each entry keeps its method, path, auth and schemas as types: `ApiResponse` below reads
// a route's DTO type from the catalogue itself, and `defineRoute` (platform) its body, query and params.
type Entry<M extends ApiMethod, P extends string, A extends boolean, O extends Options> = {
  method: M;
  path: P;
  tag: string;
  summary: string;
  auth: A;
} & O;
const route = <M extends ApiMethod, P extends string, A extends boolean, O extends Options = Record<never, never>>(
  method: M,
  path: P,
  tag: string,
  auth: A,
  summary: string,
  options?: O,
): Entry<M, P, A, O> => ({ method, path, tag, summary, auth, ...options }) as Entry<M, P, A, O>;
const post = <P extends string, O extends Options = Record<never, never>>(path: P, tag: string, summary: string, options?: O) =>
  route('POST', path, tag, true, summary, options);
const get = <P extends string, O extends Options = Record<never, never>>(path: P, tag: string, summary: string, options?: O) =>
  route('GET', path, tag, true, summary, options);
const open = <M extends ApiMethod, P extends string, O extends Options = Record<never, never>>(
  method: M,
  path: P,
  tag: string,
  summary: string,
  options?: O,
) => route(method, path, tag, false, summary, options);

const catalogue = [
  // ---- identity: sign-in, sessions, onboarding, roles ----
  open('POST', '/auth/otp', 'identity', 'Send a one-time sign-in code by email, or by SMS to a mobile number', {
    body: RequestOtpBody,
    response: OtpSent,
  }),
  open('POST', '/auth/login', 'identity', 'Sign in with an email or SMS code, or as a guest', { body: LoginBody, response: AuthStateDto }),
  open('POST', '/auth/login-wallet', 'identity', 'Sign in with a signed wallet message', {
    body: WalletSignatureBody,
    response: AuthStateDto,
  }),
  open('POST', '/auth/login-via-firebase-provider', 'identity', 'Sign in with an identity provider token', {
    body: ProviderLoginBody,
    response: AuthStateDto,
  }),
  open(
    'GET',
    '/auth/providers',
    'identity',
    'The identity providers offered for sign-in, with the public web configuration of the identity service',
    { response: IdentityProvidersDto },
  ),
  open('POST', '/auth/login-via-telegram', 'identity', 'Sign in with Telegram init data', {
    body: TelegramLoginBody,
    response: AuthStateDto,
  }),
  open('POST', '/auth/refresh', 'identity', 'Rotate the refresh cookie and get a new access token', { response: AuthStateDto }),
  open('POST', '/auth/logout', 'identity', 'End the session and clear the refresh cookie', { response: LoggedOut }),
  open('POST', '/wallet/create-sign-message', 'identity', 'Create the message a wallet signs to sign in or link', {
    body: CreateSignMessageBody,
    response: SignMessageDto,
  }),
  post('/wallet/sign-message', 'identity', 'Link a wallet to the account with a signed message', {
    body: WalletSignatureBody,
    response: WalletLinked,
  }),
  post('/user/onboarding', 'identity', 'Finish onboarding', { body: OnboardingBody, response: OnboardingAnswer }),
  post('/admin/users/{uid}/roles', 'identity', 'Grant or revoke a role', { roles: ['ad'], body: RoleChangeBody, response: RolesChanged }),
  post('/admin/users/{uid}/ban', 'identity', 'Ban or unban an account', { roles: ['ad'], body: BanBody, response: BanChanged }),
  // ---- becoming a host: the application and an admin's decision ----
  post('/host/application', 'host-applications', 'Apply to become a verified host (one open application at a time)', {
    body: HostApplicationBody,
    response: HostApplicationAnswer,
    status: 201,
  }),
  get('/host/application', 'host-applications', 'The own latest host application and whether one hosts', { response: MyHostApplication }),
  get('/admin/host-applications', 'host-applications', 'Host applications by status, oldest first', {
    roles: ['ad'],
    query: HostApplicationListQuery,
    response: HostApplicationPage,
  }),
  post(
    '/admin/host-applications/{uid}/decide',
    'host-applications',
    'Approve (role h and the Verified Host badge) or reject a host application',
    { roles: ['ad'], body: HostApplicationDecisionBody, response: HostApplicationAnswer },
  ),
  post('/claim/tg', 'identity', 'Claim the Telegram daily reward', { response: DailyClaimAnswer }),
  get('/user/me', 'identity', 'The signed-in account', { response: MeDto }),
  get('/user/settings', 'identity', 'Mature content, audio preferences and linked sign-in methods', { response: AccountSettingsDto }),
  route('PUT', '/user/settings', 'identity', true, 'Change mature content (18+) and the audio preferences', {
    body: SettingsBody,
    response: SettingsChanged,
  }),
  post('/user/credentials/unlink', 'identity', 'Unlink a sign-in method (never the last one)', {
    body: UnlinkCredentialBody,
    response: CredentialsLeft,
  }),
  post('/user/sessions/end-others', 'identity', 'Sign out every other device', { response: OtherSessionsEnded }),
  post('/user/credentials/link-email', 'identity', 'Link an e-mail proven by its auth/otp code', {
    body: LinkEmailBody,
    response: CredentialsLinked,
  }),
  post('/user/credentials/link-provider', 'identity', "Link an identity provider's account by its ID token", {
    body: LinkProviderBody,
    response: CredentialsLinked,
  }),
  post('/user/account/delete', 'identity', 'Delete the own account (personal data leaves the read models; money records stay)', {
    body: DeleteAccountBody,
    response: AccountDeletedAnswer,
  }),
  get('/claim/tg/next-claim', 'identity', 'When the next Telegram reward can be claimed', { response: NextClaimDto }),
  open('GET', '/dev/mailbox', 'identity', 'Development only: sign-in emails sent to an address (JSON)', { response: DevMailbox }),
  open('GET', '/dev/mailbox.html', 'identity', 'Development only: sign-in emails sent to an address (HTML)', {
    rawAnswer: { contentType: 'text/html', description: 'A page listing the emails' },
  }),
  open(
    'GET',
    '/client/error-reporting',
    'operations',
    "What the web app's error-reporting SDK is told: the DSN, the demo's local tunnel, or nothing",
    { response: ClientErrorReportingDto },
  ),
  open(
    'POST',
    '/dev/error-reports',
    'operations',
    "Demo only: the web app's SDK tunnels its error envelopes here instead of sending them",
    { rawBody: 'a Sentry envelope (newline-delimited JSON)', response: DevErrorReportsStored },
  ),
  open('GET', '/dev/errors', 'operations', 'Demo only: the error reports that would have been sent (JSON)', { response: DevErrorReports }),
  open('GET', '/dev/errors.html', 'operations', 'Demo only: the error reports that would have been sent (HTML)', {
    rawAnswer: { contentType: 'text/html', description: 'A page listing the reports' },
  }),
  open('GET', '/dev/sms', 'identity', 'Demo only: sign-in texts the local SMS provider kept for a number (JSON)', {
    response: DevSmsInbox,
  }),
  open('GET', '/dev/sms.html', 'identity', 'Demo only: sign-in texts the local SMS provider kept for a number (HTML)', {
    rawAnswer: { contentType: 'text/html', description: 'A page listing the texts' },
  }),

  // ---- profiles, social graph, wall, gallery, media ----
  route('PUT', '/user/profile/details', 'social', true, 'Edit the own profile (JSON or multipart with a picture)', {
    body: UpdateProfileDetailsBody,
    response: CommandAnswer,
  }),
  get('/user/profile/details', 'social', 'The own profile', { response: ProfileDetails }),
  open('GET', '/location/countries', 'social', 'The countries of ISO 3166-1 for the address fields', { response: CountryList }),
  open('GET', '/user/profile/view/{uid}', 'social', "A user's public profile", { response: ProfileView }),
  post('/user/follow/{uid}', 'social', 'Follow a user', { response: CommandAnswer }),
  post('/user/unfollow/{uid}', 'social', 'Unfollow a user', { response: CommandAnswer }),
  post('/user/remove/{uid}', 'social', 'Remove a follower or subscriber', { body: RemoveFollowerBody, response: CommandAnswer }),
  post('/user/block/{uid}', 'social', 'Block a user', { response: CommandAnswer }),
  post('/messages/block/{uid}', 'social', 'Block a user from a message thread', { response: CommandAnswer }),
  post('/user/unblock/{uid}', 'social', 'Unblock a user', { response: CommandAnswer }),
  post('/user/report/{uid}', 'social', 'Report a user', { body: ReportUserBody, response: CommandAnswer }),
  open('GET', '/user/followers/{uid}', 'social', "A user's followers", { query: PageQuery, response: FollowerPage }),
  open('GET', '/user/following/{uid}', 'social', 'Whom a user follows', { query: PageQuery, response: FollowerPage }),
  open('GET', '/user/subscribers/{uid}', 'social', "A user's subscribers", { query: PageQuery, response: FollowerPage }),
  open('GET', '/user/subscriptions/{uid}', 'social', 'Whom a user subscribes to', { query: PageQuery, response: FollowerPage }),
  get('/cms/users', 'social', 'Search users by name', { query: UserSearchQuery, response: FollowerPage }),
  post('/user/wall/post', 'social', 'Post on the own wall', { body: CreateWallPostBody, response: WallPostCreated, status: 201 }),
  post('/user/wall/delete/{id}', 'social', 'Delete an own wall post', { response: CommandAnswer }),
  post('/user/wall/post/{id}/like', 'social', 'Like a wall post', { response: WallLikeAnswer }),
  post('/user/wall/post/{id}/unlike', 'social', 'Take back a like', { response: WallLikeAnswer }),
  post('/user/wall/post/{id}/unlock', 'social', 'Pay diamonds to unlock a locked post', { response: WallUnlockAnswer }),
  open('GET', '/user/wall/{uid}', 'social', "A user's wall", { query: WallQuery, response: WallPage }),
  get('/user/feed/for-you', 'social', 'The for-you feed', { query: FeedQuery, response: WallPage }),
  open('GET', '/user/gallery/{uid}', 'social', "A user's gallery", { query: PageQuery, response: GalleryPage }),
  post('/cms/presign-media', 'media', 'Step 1 of an upload: a presigned PUT address', {
    body: PresignMediaBody,
    query: PresignMediaQuery,
    response: PresignedUpload,
  }),
  open('PUT', '/media/object/{key}', 'media', 'Step 2 of an upload to the local store: the file bytes (signed address)', {
    rawBody: 'the file, with the presigned content type',
    response: UploadStored,
  }),
  post('/cms/process-media', 'media', 'Step 3 of an upload: check and register the file', {
    body: ProcessMediaBody,
    response: MediaProcessed,
  }),
  post('/user/gallery/item/delete', 'media', 'Delete a gallery item', { body: DeleteGalleryItemBody, response: CommandAnswer }),
  open('GET', '/media/object/{key}', 'media', 'A stored file from the local store (signed address)', {
    rawAnswer: { contentType: 'application/octet-stream', description: 'The file, with its stored content type' },
  }),

  // ---- direct messages ----
  post('/messages/send/{uid}', 'messages', 'Send a direct message', { body: SendMessageBody, response: MessageSentAnswer, status: 201 }),
  post('/messages/refresh', 'messages', 'Mark a thread read', { body: RefreshMessagesBody, response: CommandAnswer }),
  get('/messages/threads', 'messages', 'The own message threads', { response: MessageThreadPage }),
  get('/messages/unread', 'messages', 'How many of the own threads have unread messages', { response: UnreadMessages }),
  get('/messages/threads/{threadId}', 'messages', 'Messages of a thread', { query: MessagesQuery, response: MessageHistory }),

  // ---- notifications centre ----
  get('/notifications', 'notifications', 'The own notifications, newest first, with the unread count', {
    query: PageQuery,
    response: NotificationsPage,
  }),
  get('/notifications/unread', 'notifications', 'How many of the own notifications are unread', { response: NotificationsUnread }),
  post('/notifications/read', 'notifications', 'Mark the own notifications read up to a sequence number', {
    body: MarkNotificationsReadBody,
    response: CommandAnswer,
  }),

  // ---- gifts ----
  post('/gifting/send-gift', 'gifting', 'Send a gift to users in a lobby, room or profile', {
    body: SendGiftBody,
    response: GiftSentAnswer,
    status: 201,
  }),
  open('GET', '/gifting/items', 'gifting', 'The gift catalogue', { response: GiftCatalogueAnswer }),
  open('GET', '/cms/assets', 'gifting', 'Gift and effect assets', { response: CmsAssetList }),

  // ---- money: payments, purchases, withdrawals, wallets ----
  post(
    '/dev/demo-wallet/pay',
    'money',
    "Demo only: send a token from the caller's demo wallet on the demo's local chain to the deposit address (then submitted to payment/topup/pay)",
    { body: DemoWalletPayBody, response: DemoWalletPaid },
  ),
  post('/dev/demo-wallet/sign', 'money', "Demo only: the caller's demo wallet signs a wallet-link message (wallet/create-sign-message)", {
    body: DemoWalletSignBody,
    response: DemoWalletSigned,
  }),
  open('POST', '/payment/stripe/webhook', 'money', 'Stripe webhook (signed raw body)', {
    rawBody: 'the Stripe event, verified by its Stripe-Signature header',
    response: WebhookReceived,
  }),
  post('/payment/stripe/init', 'money', 'Start a card payment', { body: StripeInitBody, response: PaymentResultDto }),
  open('POST', '/payment/webpay/webhook', 'money', 'Web-payment notification (signed raw body)', {
    rawBody: "the provider's event, verified by its transmission headers",
    response: WebhookReceived,
  }),
  post('/payment/webpay/init', 'money', 'Start a hosted web-payment order; answers with its approval page', {
    body: WebPayInitBody,
    response: PaymentResultDto,
  }),
  post('/payment/webpay/capture', 'money', 'Back from the approval page: the server reads the order and captures it', {
    body: HostedReturnBody,
    response: PaymentResultDto,
  }),
  open('POST', '/payment/ewallet/webhook', 'money', 'E-wallet notification (signed raw body)', {
    rawBody: "the aggregator's event, verified by its Paymongo-Signature header",
    response: WebhookReceived,
  }),
  post('/payment/ewallet/init', 'money', 'Start a GCash or Maya charge in PHP; answers with its approval page', {
    body: EWalletInitBody,
    response: PaymentResultDto,
  }),
  post('/payment/ton/init', 'money', 'Start a TON payment from the mini-app; answers with the transfer for TON Connect', {
    body: TonInitBody,
    response: PaymentResultDto,
  }),
  post('/payment/ton/confirm', 'money', 'The wallet sent the transfer: the server looks for it on the TON chain and credits it once', {
    body: TonConfirmBody,
    response: PaymentResultDto,
  }),
  post('/payment/ewallet/check', 'money', 'Back from the e-wallet: the server reads the charge back', {
    body: HostedReturnBody,
    response: PaymentResultDto,
  }),
  post(
    '/chain/rpc',
    'money',
    'Read the configured chain through our node (JSON-RPC; allow-listed read methods only; rate limited per user)',
    { body: ChainRpcRequest, response: ChainRpcAnswer },
  ),
  post('/payment/topup/pay', 'money', 'Top up diamonds (crypto transfer or sandbox)', { body: TopUpPayBody, response: PaymentResultDto }),
  post('/payment/checkout/pay', 'money', "Buy the VIP subscription, or a creator's subscription (creatorUid), by card", {
    body: CheckoutPayBody,
    response: PaymentResultDto,
  }),
  post('/payment/purchase/validate', 'money', 'Check a purchase without buying', { body: PurchaseBody, response: PurchaseCheck }),
  post('/payment/purchase', 'money', 'Buy an item with diamonds', { body: PurchaseBody, response: PurchaseAnswer, status: 201 }),
  post('/skus/credit/condition', 'money', 'May the caller buy this item, and the balance after', {
    body: PurchaseBody,
    response: PurchaseCheck,
  }),
  post('/wallet/collections/equip', 'money', 'Wear or take off an owned frame or badge', { body: EquipBody, response: EquipAnswer }),
  post('/user/subscription/price', 'subscriptions', "Set the caller's monthly subscription price", {
    body: SetSubscriptionPriceBody,
    response: SubscriptionPriceAnswer,
  }),
  post('/user/subscribe/{uid}', 'subscriptions', 'Subscribe to a creator for 30 days', {
    body: SubscribeBody,
    response: SubscribedAnswer,
    status: 201,
  }),

  // ---- services and booking (DESIGN section 9) ----
  open('GET', '/user/services/{uid}', 'booking', "A host's services (title, minutes, price in diamonds)", { response: ServiceList }),
  post('/user/services', 'booking', 'List a service (15, 30 or 60 minutes for a price in diamonds)', {
    body: ListServiceBody,
    response: ServiceListedAnswer,
    status: 201,
  }),
  post('/user/services/remove', 'booking', 'Stop offering a service', { body: RemoveServiceBody, response: CommandAnswer }),
  post('/booking', 'booking', "Book a host's service at a time; its price is held from the wallet", {
    body: BookServiceBody,
    response: BookingAnswer,
    status: 201,
  }),
  get('/booking/me', 'booking', "The caller's bookings, as buyer and as host", { query: BookingListQuery, response: BookingPage }),
  get('/booking/extensions', 'booking', "Extensions of the caller's booked sessions", { query: PageQuery, response: ExtensionPage }),
  get('/booking/{id}', 'booking', 'One booking, for its buyer and its host', { response: BookingDto }),
  post('/booking/{id}/voice', 'booking', 'The voice of a live booked session, for its host and buyer (Agora token or the WebRTC session)', {
    response: BookingVoiceAnswer,
  }),
  post(
    '/booking/{id}/cancel',
    'booking',
    'Cancel a booking (the buyer up to 1 hour before the start; the host until it ends); the hold is released',
    { response: BookingAnswer },
  ),
  post('/booking/{id}/extend', 'booking', 'Extend a running session by one more session of the service', {
    response: BookingAnswer,
    status: 201,
  }),
  get('/wallet/collections', 'money', 'Owned frames, badges and gifts to keep, with status and end', { response: CollectionList }),
  post('/wallet/withdraw/validate', 'money', 'Check a withdrawal without requesting it', { body: WithdrawBody, response: WithdrawCheck }),
  post('/wallet/withdraw', 'money', 'Request a charm withdrawal', { body: WithdrawBody, response: WithdrawalAnswer, status: 201 }),
  post('/wallet/creator/payment', 'money', "Pay a creator on the agency's roster their charm", {
    roles: ['ag'],
    body: CreatorPaymentBody,
    response: WithdrawalAnswer,
    status: 201,
  }),
  route('PUT', '/cashout-confirm', 'money', true, 'Confirm receipt of a creator payment', {
    body: CashoutConfirmBody,
    response: WithdrawalAnswer,
  }),
  route('PUT', '/wallet/creator/cashout-confirm', 'money', true, 'Confirm receipt of a creator payment', {
    body: CashoutConfirmBody,
    response: WithdrawalAnswer,
  }),
  post('/wallet/blockchain', 'money', 'Add a blockchain wallet', {
    body: BlockchainWalletBody,
    response: BlockchainWalletAnswer,
    status: 201,
  }),
  post('/wallet/blockchain/rename', 'money', 'Rename a blockchain wallet', {
    body: BlockchainWalletChangeBody,
    response: BlockchainWalletAnswer,
  }),
  post('/wallet/blockchain/update', 'money', 'Change a blockchain wallet', {
    body: BlockchainWalletChangeBody,
    response: BlockchainWalletAnswer,
  }),
  post('/wallet/blockchain/remove', 'money', 'Remove a blockchain wallet', {
    body: BlockchainWalletChangeBody,
    response: BlockchainWalletAnswer,
  }),
  get('/wallet/balance', 'money', 'Diamond and charm balances', { response: BalanceDto }),
  get('/transaction/me', 'money', 'The own transaction history', { response: TransactionHistory }),
  get('/wallet/inventory/bought', 'money', 'Items bought', { query: PageQuery, response: InventoryList }),
  open('GET', '/payment/currencies/available', 'money', 'Accepted crypto currencies', { response: CurrencyList }),
  open('GET', '/payment/currencies/conversion', 'money', 'Convert an amount between currencies at the configured rates', {
    response: CurrencyConversion,
  }),
  get('/payment/currencies/recommended', 'money', 'Currencies recommended for the caller', { response: RecommendedTopUps }),
  open('GET', '/payment/methods', 'money', "Payment methods configured here, for the caller's region (e-wallets first in PH)", {
    query: PaymentMethodsQuery,
    response: PaymentMethods,
  }),
  open('GET', '/skus/read', 'money', 'Items for sale', { response: SkuList }),
  open('GET', '/skus/read/{id}', 'money', 'One item for sale', { response: SkuDto }),
  get('/wallet/withdraw/available', 'money', 'Charm available to withdraw', { response: WithdrawAvailable }),
  get('/wallet/withdrawals', 'money', 'The own withdrawals', { query: PageQuery, response: WithdrawalList }),
  get('/wallet/creator/cashout-list', 'money', 'Creator cash-outs', { roles: ['ag', 'ad'], query: PageQuery, response: CashoutList }),
  get('/payment-notifications', 'money', 'Payment notifications', { response: PaymentNotifications }),
  get('/wallet/creator/payment-notifications', 'money', 'Payment notifications', { response: PaymentNotifications }),
  post('/payment-notifications/read', 'money', 'Mark an own agency payment notification read', {
    body: MarkPaymentNotificationReadBody,
    response: CommandAnswer,
  }),
  get('/wallet/blockchain', 'money', 'The own blockchain wallets', { response: BlockchainWalletList }),
  get('/payment/status/{paymentId}', 'money', 'Status of a payment', { response: PaymentStatusDto }),

  // ---- referral ----
  post('/referral/me/link', 'referral', 'The own referral link', { response: ReferralLinkDto }),
  post('/referral/init', 'referral', 'The own referral link (created on first use)', { response: ReferralLinkDto }),
  post('/referral/create-link', 'referral', 'Create a custom referral link', { body: CreateReferralLinkBody, response: ReferralLinkDto }),
  post('/referral/validate-referrer', 'referral', 'Check a referral code before connecting', {
    body: ValidateReferrerBody,
    response: ReferrerCheck,
  }),
  post('/referral/connect', 'referral', 'Connect to a referrer', { body: ConnectReferrerBody, response: ReferrerConnected }),
  post('/referral/add-wallet', 'referral', 'Set the referral payout wallet', { body: AddPayoutWalletBody, response: PayoutWalletAnswer }),
  get('/referral/referral-details', 'referral', 'Referral summary', { response: ReferralDetailsDto }),
  get('/referral/referrals', 'referral', 'Invited users', { response: InviteePage }),
  get('/referral/reward-records', 'referral', 'Referral rewards', { query: PageQuery, response: RewardRecordPage }),
  get('/referral/payouts', 'referral', 'Referral payouts', { query: PageQuery, response: PayoutPage }),

  // ---- lobbies and rooms ----
  post('/lobbies', 'lobbies', 'Create a lobby', { body: CreateLobbyBody, response: LobbyEntered, status: 201 }),
  post('/lobbies/public/{id}/join', 'lobbies', 'Join a public lobby', { response: LobbyEntered }),
  post('/lobbies/{id}/join', 'lobbies', 'Join a lobby', { response: LobbyEntered }),
  post('/lobbies/{id}/join/{inviteId}', 'lobbies', 'Join a lobby with an invite', { response: LobbyEntered }),
  post('/lobbies/{id}/leave', 'lobbies', 'Leave a lobby', { response: CommandAnswer }),
  post('/lobbies/{id}/end', 'lobbies', 'End a lobby', { response: CommandAnswer }),
  post('/lobbies/{id}/close', 'lobbies', 'Close a lobby', { response: CommandAnswer }),
  post('/lobbies/{id}/info', 'lobbies', 'Edit lobby information', { body: UpdateLobbyInfoBody, response: LobbyMessageAnswer }),
  post('/lobbies/{id}/settings/background', 'lobbies', 'Set the lobby background', { body: BackgroundBody, response: CommandAnswer }),
  post('/lobbies/{id}/invites', 'lobbies', 'Create an invite', { response: InviteCreated, status: 201 }),
  post('/lobbies/{id}/mic/request', 'lobbies', 'Ask for a seat', { response: CommandAnswer }),
  post('/lobbies/{id}/mic/grant', 'lobbies', 'Seat a user', { body: GrantMicBody, response: MicGrantedAnswer }),
  post('/lobbies/{id}/mic/unseat', 'lobbies', 'Take a user off a seat', { body: LobbyTargetBody, response: CommandAnswer }),
  post('/lobbies/{id}/mic/mute', 'lobbies', 'Mute a seat', { body: LobbyTargetBody, response: CommandAnswer }),
  post('/lobbies/{id}/mic/unmute', 'lobbies', 'Unmute a seat', { body: LobbyTargetBody, response: CommandAnswer }),
  post('/lobbies/{id}/queue/remove', 'lobbies', 'Remove a seat request', { body: LobbyTargetBody, response: CommandAnswer }),
  post('/lobbies/{id}/cohosts/remove', 'lobbies', 'Remove a co-host', { body: LobbyTargetBody, response: CommandAnswer }),
  post('/lobbies/{id}/kick', 'lobbies', 'Kick a user', { body: LobbyTargetBody, response: CommandAnswer }),
  post('/lobbies/{id}/host/switch', 'lobbies', 'Hand the host over', { body: SwitchHostBody, response: CommandAnswer }),
  post('/lobbies/{id}/block', 'lobbies', 'Block a user from the lobby', { body: BlockBody, response: LobbyMessageAnswer }),
  post('/lobbies/{id}/unblock', 'lobbies', 'Unblock a user', { body: UnblockBody, response: LobbyMessageAnswer }),
  post('/lobbies/{id}/users/{uid}/silence', 'lobbies', 'Silence a user in the chat', { response: CommandAnswer }),
  post('/lobbies/{id}/users/{uid}/unsilence', 'lobbies', 'Lift a silence', { response: CommandAnswer }),
  post('/lobbies/manage/{id}/admin/add', 'lobbies', 'Add a lobby administrator', { body: AddAdminBody, response: LobbyMessageAnswer }),
  post('/lobbies/manage/{id}/admin/remove', 'lobbies', 'Remove a lobby administrator', {
    body: RemoveAdminBody,
    response: LobbyMessageAnswer,
  }),
  post('/lobbies/{id}/pin', 'lobbies', 'Pin a chat message', { body: PinMessageBody, response: CommandAnswer }),
  post('/lobbies/{id}/chat', 'lobbies', 'Send a lobby chat message', { body: LobbyChatBody, response: ChatPosted, status: 201 }),
  post('/lobbies/{id}/tools/dice', 'lobbies', 'Roll two dice for everyone in the lobby to see (drawn by the server)', {
    response: DiceRolledAnswer,
  }),
  post('/lobbies/{id}/tools/lucky-number', 'lobbies', 'Draw a lucky number from 1 to 100 for everyone in the lobby to see', {
    response: LuckyNumberAnswer,
  }),
  post('/lobbies/{id}/tools/poll', 'lobbies', 'Start a quick poll (hosts, speakers and lobby admins; one open poll per lobby)', {
    body: OpenPollBody,
    response: PollAnswer,
    status: 201,
  }),
  post('/lobbies/{id}/tools/poll/vote', 'lobbies', 'Vote in the open poll (once per member)', {
    body: VotePollBody,
    response: CommandAnswer,
  }),
  post('/lobbies/{id}/tools/poll/close', 'lobbies', 'Close the open poll (whoever started it, or lobby staff)', {
    body: ClosePollBody,
    response: CommandAnswer,
  }),
  post('/lobbies/{id}/rooms/{roomId}/chat', 'lobbies', 'Send a room chat message', {
    body: LobbyChatBody,
    response: ChatPosted,
    status: 201,
  }),
  post('/lobbies/{id}/rooms', 'lobbies', 'Create a room', { body: CreateRoomBody, response: RoomCreatedAnswer, status: 201 }),
  post('/lobbies/{id}/rooms/{roomId}/join', 'lobbies', 'Join a room', { response: RoomEntered }),
  post('/lobbies/{id}/rooms/{roomId}/join/{key}', 'lobbies', 'Join a private room with its key', { response: RoomEntered }),
  post('/rooms/{id}/join/{key}', 'lobbies', 'Join a private room with its key', { response: RoomEntered }),
  post('/lobbies/{id}/rooms/{roomId}/start', 'lobbies', 'Start a room', { response: RoomActionAnswer }),
  post('/lobbies/{id}/rooms/{roomId}/end', 'lobbies', 'End a room', { response: RoomActionAnswer }),
  post('/rooms/{id}/end', 'lobbies', 'End a room', { response: RoomActionAnswer }),
  post('/rooms/{id}/start', 'lobbies', 'Start a room', { response: RoomActionAnswer }),
  post('/rooms/{id}/users/{uid}/silence', 'lobbies', 'Silence a user in a room', { response: RoomActionAnswer }),
  post('/rooms/{id}/users/{uid}/unsilence', 'lobbies', 'Lift a room silence', { response: RoomActionAnswer }),
  post('/lobbies/{id}/rooms/{roomId}/leave', 'lobbies', 'Leave a room', { response: CommandAnswer }),
  post('/lobbies/refresh-token', 'lobbies', 'Renew the media token', { body: MediaTokenRefreshBody, response: MediaTokenRefreshed }),
  get('/lobbies', 'lobbies', 'Live lobbies', { query: LobbyListQuery, response: LobbyList }),
  open('GET', '/lobbies/public', 'lobbies', 'Live public lobbies', { query: LobbyListQuery, response: LobbyList }),
  open('GET', '/app/home', 'lobbies', 'Home page: banners, categories, lobbies', { query: LobbyListQuery, response: HomeAnswer }),
  open('GET', '/app/home/public', 'lobbies', 'Home page for visitors', { query: LobbyListQuery, response: HomeAnswer }),
  open('GET', '/lobbies/props', 'lobbies', 'Lobby categories, backgrounds and limits', { response: LobbyProps }),
  get('/lobbies/settings', 'lobbies', 'Settings of a lobby the caller manages', { response: LobbySettings }),
  open('GET', '/lobbies/leaderboard', 'lobbies', 'Lobby leaderboard', { query: LobbyLeaderboardQuery, response: LobbyLeaderboard }),
  open('GET', '/lobbies/{id}', 'lobbies', 'A lobby with its members', { response: LobbyDetail }),
  get('/lobbies/{id}/invites', 'lobbies', 'Invites of a lobby', { response: LobbyInvites }),
  open('GET', '/lobbies/{id}/rooms', 'lobbies', 'Rooms of a lobby', { query: PageQuery, response: RoomList }),
  open('GET', '/rooms/{id}', 'lobbies', 'A room with its users', { response: RoomDetail }),
  open('GET', '/lobbies/{id}/chat', 'lobbies', 'Lobby or room chat history', { query: PageQuery, response: LobbyChatHistory }),
  open('GET', '/lobbies/{id}/tools', 'lobbies', "The lobby's latest poll and its latest dice and lucky-number results", {
    response: LobbyToolsDto,
  }),
  get('/gifs/search', 'lobbies', 'Search GIFs and stickers for the chat', { query: GifSearchQuery, response: GifSearchResult }),
  open('GET', '/user/leaderboards', 'leaderboards', 'Global leaderboards', {
    query: GlobalLeaderboardQuery,
    response: GlobalLeaderboardDto,
  }),

  // ---- guild (agencies) ----
  post('/guild/agencies', 'guild', 'Create an agency', {
    roles: ['ag'],
    body: CreateAgencyBody,
    response: AgencyCreatedAnswer,
    status: 201,
  }),
  post('/guild/agencies/{agencyId}/invitations', 'guild', 'Invite a creator to the roster (they join by accepting)', {
    roles: ['ag'],
    body: InviteAgencyHostBody,
    response: CommandAnswer,
  }),
  route('DELETE', '/guild/agencies/{agencyId}/hosts/{hostUid}', 'guild', true, 'Remove a host', { roles: ['ag'], response: CommandAnswer }),
  post('/guild/invitations/{agencyId}/accept', 'guild', "Accept an agency's invitation (join its roster)", { response: CommandAnswer }),
  post('/guild/invitations/{agencyId}/decline', 'guild', "Decline an agency's invitation", { response: CommandAnswer }),
  post('/guild/membership/leave', 'guild', 'Leave the own agency', { response: CommandAnswer }),
  get('/guild/invitations', 'guild', "The caller's agency and the invitations waiting for their answer", { response: MyAgencyInvitations }),
  get('/guild/agencies/{agencyId}/invitations', 'guild', 'Invitations the agency sent that wait for an answer', {
    roles: ['ag'],
    response: AgencyInvitationList,
  }),
  route('PUT', '/guild/agencies/{agencyId}/shares', 'guild', true, 'Set share ratios', {
    roles: ['ag'],
    body: SetShareRatiosBody,
    response: CommandAnswer,
  }),
  post('/guild/agencies/{agencyId}/settlements', 'guild', 'Settle a period', {
    roles: ['ag'],
    body: SettlePeriodBody,
    response: PeriodSettledAnswer,
    status: 201,
  }),
  post('/guild/agencies/{agencyId}/payments', 'guild', 'Record a charm payment to a host', {
    roles: ['ag'],
    body: SubmitCharmPaymentBody,
    response: CharmPaymentSubmittedAnswer,
    status: 201,
  }),
  route('PUT', '/guild/agencies/{agencyId}/payments/{paymentId}/confirm', 'guild', true, 'Confirm a charm payment', {
    roles: ['ag'],
    response: CommandAnswer,
  }),
  get('/guild/agencies', 'guild', 'The own agencies', { roles: ['ag'], response: AgencyList }),
  get('/guild/agencies/{agencyId}', 'guild', 'An agency with its hosts', { roles: ['ag'], response: AgencyDto }),
  get('/guild/agencies/{agencyId}/receipts', 'guild', 'Gift receipts of the hosts', { roles: ['ag'], response: GiftReceiptPage }),
  get('/guild/agencies/{agencyId}/preview', 'guild', 'Settlement preview of a period', {
    roles: ['ag'],
    query: PeriodQuery,
    response: SettlementPreviewDto,
  }),
  get('/guild/agencies/{agencyId}/settlements', 'guild', 'Settlements', { roles: ['ag'], query: PageQuery, response: SettlementPage }),
  get('/guild/agencies/{agencyId}/payments', 'guild', 'Charm payments', { roles: ['ag'], query: PageQuery, response: CharmPaymentPage }),

  // ---- progression: EXP, levels, missions, quests, fragments, friends, quest account ----
  post('/progression/missions/{missionId}/claim', 'progression', 'Claim a complete mission of the current period', {
    body: ClaimBody,
    response: ClaimResultDto,
  }),
  post('/progression/quests/{stepId}/claim', 'progression', 'Claim a complete quest step', { body: ClaimBody, response: ClaimResultDto }),
  post('/progression/fragments/combine', 'progression', 'Combine 10 fragments of a kind into their item', {
    body: CombineFragmentsBody,
    response: FragmentsCombinedAnswer,
  }),
  post('/progression/frens/token', 'progression', 'The own EXP-for-friends token (issued on first use)', { response: FriendTokenAnswer }),
  post('/progression/frens/join', 'progression', "Join with a friend's EXP-for-friends token", {
    body: JoinWithTokenBody,
    response: FriendJoinedAnswer,
  }),
  post('/progression/quest-account/link', 'progression', 'Link a quest-platform account with its signed proof', {
    body: LinkQuestAccountBody,
    response: QuestAccountLinkedAnswer,
  }),
  post('/progression/quest-account/unlink', 'progression', 'Unlink the quest-platform account', { response: CommandAnswer }),
  post(
    '/progression/quest-account/sandbox-authorize',
    'progression',
    'Demo only (MURMUR_DEMO=on, no platform configured): a signed link proof for the caller',
    { response: SandboxLinkProof },
  ),
  open('POST', '/progression/quest-platform/webhook', 'progression', 'Signed webhook of the quest platform: EXP earned there', {
    rawBody: 'application/json',
    response: QuestWebhookReceived,
  }),
  get('/progression/level', 'progression', 'The own EXP, level and expPercentage', { response: LevelDto }),
  open('GET', '/progression/levels/{uid}', 'progression', "A user's level", { response: UserLevelDto }),
  get('/progression/exp-history', 'progression', 'What earned the own EXP', { query: PageQuery, response: ExpHistoryPage }),
  get('/progression/missions', 'progression', 'Daily and weekly missions with progress', { response: MissionList }),
  get('/progression/quests', 'progression', 'Quest chains with progress', { response: QuestList }),
  get('/progression/rewards-history', 'progression', 'Every reward claimed', { query: PageQuery, response: RewardHistoryPage }),
  get('/progression/fragments', 'progression', 'Fragments held', { response: FragmentList }),
  open('GET', '/progression/lobby-levels', 'progression', 'Levels of the given lobbies (ids=a,b)', { response: LobbyLevelList }),
  get('/progression/lobby-levels/mine', 'progression', "The own lobbies' levels and the top lobbies", { response: OwnLobbyLevels }),
  get('/progression/frens', 'progression', 'The own EXP-for-friends token and friends', { response: FriendsDto }),
  get('/progression/quest-account', 'progression', 'The linked quest account (authStep, account, exp)', { response: QuestAccountDto }),

  // ---- operators' console: money operations ----
  get('/console/withdrawals', 'console', 'Withdrawals and creator payouts by status (pending: oldest first)', {
    roles: ['ad'],
    query: WithdrawalQueueQuery,
    response: WithdrawalQueue,
  }),
  post('/console/withdrawals/{withdrawalId}/settle', 'console', 'Settle a pending withdrawal with its on-chain or bank reference', {
    roles: ['ad'],
    body: SettleWithdrawalBody,
    response: WithdrawalDecision,
  }),
  post('/console/withdrawals/{withdrawalId}/reject', 'console', 'Reject a pending withdrawal: its charm goes back to the user', {
    roles: ['ad'],
    body: RejectWithdrawalBody,
    response: WithdrawalDecision,
  }),
  get('/console/payments/stuck', 'console', 'Payments still not final after a while', {
    roles: ['ad'],
    query: PageQuery,
    response: StuckPayments,
  }),
  get('/console/referral/settlements', 'console', "A week's referral settlements", {
    roles: ['ad'],
    query: ReferralWeekQuery,
    response: ReferralWeekSettlements,
  }),
  get('/console/grants', 'console', 'Manual diamond grants by status', { roles: ['ad'], query: GrantQueueQuery, response: GrantQueue }),
  post('/console/grants', 'console', 'Grant diamonds (reason and Idempotency-Key required; a second admin approves above the threshold)', {
    roles: ['ad'],
    body: RequestGrantBody,
    response: GrantDecision,
    status: 201,
  }),
  post('/console/grants/{grantId}/approve', 'console', 'Approve a grant requested by another admin, and mint it', {
    roles: ['ad'],
    response: GrantDecision,
  }),
  post('/console/grants/{grantId}/reject', 'console', 'Reject a pending grant', {
    roles: ['ad'],
    body: RejectGrantBody,
    response: GrantDecision,
  }),
  get('/console/ledger/audit', 'console', "The ledger audit's latest result and recent runs", {
    roles: ['ad'],
    response: LedgerAuditStatus,
  }),
  post('/console/ledger/audit', 'console', 'Ask the projections worker for a ledger audit now', {
    roles: ['ad'],
    response: LedgerAuditAnswer,
    status: 201,
  }),

  // ---- reports and the operators' console: admins only, beyond filing a report ----
  post('/reports', 'moderation', 'Report a user, lobby, wall post, lobby chat message or direct message', {
    body: ReportBody,
    response: ReportFiled,
    status: 201,
  }),
  get('/console/reports', 'console', 'The reports queue with content and context', {
    roles: ['ad'],
    query: ReportQuery,
    response: ReportPage,
  }),
  post('/console/reports/{id}/decide', 'console', 'Decide a report once: warn, silence, remove, ban or dismiss', {
    roles: ['ad'],
    body: DecideReportBody,
    response: ReportDecisionAnswer,
  }),
  get('/console/users', 'console', 'Search users by uid, username or e-mail', {
    roles: ['ad'],
    query: UserSearchConsoleQuery,
    response: ConsoleUserPage,
  }),
  get('/console/users/{uid}', 'console', 'A user: roles, sessions, wallet summary, bans', { roles: ['ad'], response: ConsoleUserDetail }),
  post('/console/users/{uid}/sign-out', 'console', 'Sign a user out everywhere', {
    roles: ['ad'],
    body: SignOutEverywhereBody,
    response: OperatorDone,
  }),
  post(
    '/console/users/{uid}/waitlist',
    'console',
    'Let a user in from the waitlist, or put them back, with a note kept in the audit trail',
    { roles: ['ad'], body: WaitlistBody, response: WaitlistAnswer },
  ),
  get('/console/lobbies', 'console', 'Live lobbies with members and open reports', {
    roles: ['ad'],
    query: PageQuery,
    response: ConsoleLobbyPage,
  }),
  post('/console/lobbies/{id}/terminate', 'console', 'End a lobby, with the reason its members see', {
    roles: ['ad'],
    body: OperatorLobbyBody,
    response: OperatorDone,
  }),
  post('/console/lobbies/{id}/remove', 'console', 'Remove a user from a lobby, with the reason they see', {
    roles: ['ad'],
    body: OperatorRemoveBody,
    response: OperatorDone,
  }),
  get('/console/agencies', 'console', 'Every agency with its owner, host count and verification (unverified first)', {
    roles: ['ad'],
    query: PageQuery,
    response: ConsoleAgencyPage,
  }),
  get('/console/agencies/{agencyId}', 'console', "An agency's roster and verification", { roles: ['ad'], response: ConsoleAgencyDetail }),
  get('/console/agencies/{agencyId}/settlements', 'console', "An agency's settlements", {
    roles: ['ad'],
    query: PageQuery,
    response: SettlementPage,
  }),
  post('/console/agencies/{agencyId}/verify', 'console', 'Verify an agency, with a note kept in the audit trail', {
    roles: ['ad'],
    body: VerifyAgencyBody,
    response: OperatorDone,
  }),
  get('/console/audit', 'console', 'Operator actions by subject or operator', { roles: ['ad'], query: AuditQuery, response: AuditPage }),

  // ---- operations ----
  get('/console/ops/status', 'ops', "Each projection's lag and status, the oldest open transaction, gateway connections", {
    roles: ['ad', 'dev'],
    response: OperationsStatus,
  }),
  post(
    '/console/ops/rebuild',
    'ops',
    'Rebuild a projection from the log (the same rebuild as `projections rebuild`); the projections worker runs it',
    { roles: ['ad'], body: RebuildProjectionBody, response: RebuildRequestedAnswer, status: 201 },
  ),
  get('/ops/stream-categories', 'ops', 'Event stream categories and their sizes', {
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
