// Generated from contracts/src/api-catalogue.ts by `npm run generate:api-client`: do not edit.
import { routeCall } from './routeCall.ts';

/** One typed call per catalogue route: `api.lobbies.leave({ id })`, `api.gifting.send(body, { idempotencyKey })`. */
export const api = {
  identity: {
    /** Send a one-time sign-in code by email, or by SMS to a mobile number */
    requestOtp: routeCall('POST /auth/otp', { body: true }),
    /** Sign in with an email or SMS code, or as a guest */
    login: routeCall('POST /auth/login', { body: true }),
    /** Sign in with a signed wallet message */
    loginWithWallet: routeCall('POST /auth/login-wallet', { body: true }),
    /** Sign in with an identity provider token */
    loginWithProvider: routeCall('POST /auth/login-via-firebase-provider', { body: true }),
    /** The identity providers offered for sign-in, with the public web configuration of the identity service */
    providers: routeCall('GET /auth/providers'),
    /** Sign in with Telegram init data */
    loginWithTelegram: routeCall('POST /auth/login-via-telegram', { body: true }),
    /** Rotate the refresh cookie and get a new access token */
    refresh: routeCall('POST /auth/refresh'),
    /** End the session and clear the refresh cookie */
    logout: routeCall('POST /auth/logout'),
    /** Create the message a wallet signs to sign in or link */
    createSignMessage: routeCall('POST /wallet/create-sign-message', { body: true }),
    /** Link a wallet to the account with a signed message */
    linkWallet: routeCall('POST /wallet/sign-message', { body: true }),
    /** Finish onboarding */
    finishOnboarding: routeCall('POST /user/onboarding', { body: true }),
    /** Grant or revoke a role */
    changeRoles: routeCall('POST /admin/users/{uid}/roles', { body: true }),
    /** Ban or unban an account */
    ban: routeCall('POST /admin/users/{uid}/ban', { body: true }),
    /** Claim the Telegram daily reward */
    claimTelegramReward: routeCall('POST /claim/tg'),
    /** The signed-in account */
    me: routeCall('GET /user/me'),
    /** Mature content, audio preferences and linked sign-in methods */
    settings: routeCall('GET /user/settings'),
    /** Change mature content (18+) and the audio preferences */
    changeSettings: routeCall('PUT /user/settings', { body: true }),
    /** Unlink a sign-in method (never the last one) */
    unlinkCredential: routeCall('POST /user/credentials/unlink', { body: true }),
    /** Sign out every other device */
    endOtherSessions: routeCall('POST /user/sessions/end-others'),
    /** Link an e-mail proven by its auth/otp code */
    linkEmail: routeCall('POST /user/credentials/link-email', { body: true }),
    /** Link an identity provider's account by its ID token */
    linkProvider: routeCall('POST /user/credentials/link-provider', { body: true }),
    /** Delete the own account (personal data leaves the read models; money records stay) */
    deleteAccount: routeCall('POST /user/account/delete', { body: true }),
    /** When the next Telegram reward can be claimed */
    nextTelegramClaim: routeCall('GET /claim/tg/next-claim'),
    /** Development only: sign-in emails sent to an address (JSON) */
    devMailbox: routeCall('GET /dev/mailbox', { query: true }),
    /** Development only: sign-in emails sent to an address (HTML) */
    devMailboxPage: routeCall('GET /dev/mailbox.html', { query: true }),
    /** Demo only: sign-in texts the local SMS provider kept for a number (JSON) */
    devSms: routeCall('GET /dev/sms', { query: true }),
    /** Demo only: sign-in texts the local SMS provider kept for a number (HTML) */
    devSmsPage: routeCall('GET /dev/sms.html', { query: true }),
  },
  hostApplications: {
    /** Apply to become a verified host (one open application at a time) */
    apply: routeCall('POST /host/application', { body: true }),
    /** The own latest host application and whether one hosts */
    mine: routeCall('GET /host/application'),
    /** Host applications by status, oldest first */
    list: routeCall('GET /admin/host-applications', { query: true }),
    /** Approve (role h and the Verified Host badge) or reject a host application */
    decide: routeCall('POST /admin/host-applications/{uid}/decide', { body: true }),
  },
  operations: {
    /** What the web app's error-reporting SDK is told: the DSN, the demo's local tunnel, or nothing */
    errorReporting: routeCall('GET /client/error-reporting'),
    /** Demo only: the web app's SDK tunnels its error envelopes here instead of sending them */
    storeDevErrorReport: routeCall('POST /dev/error-reports'),
    /** Demo only: the error reports that would have been sent (JSON) */
    devErrors: routeCall('GET /dev/errors', { query: true }),
    /** Demo only: the error reports that would have been sent (HTML) */
    devErrorsPage: routeCall('GET /dev/errors.html', { query: true }),
  },
  social: {
    /** Edit the own profile (JSON or multipart with a picture) */
    updateProfile: routeCall('PUT /user/profile/details', { body: true }),
    /** The own profile */
    ownProfile: routeCall('GET /user/profile/details'),
    /** The countries of ISO 3166-1 for the address fields */
    countries: routeCall('GET /location/countries'),
    /** A user's public profile */
    profile: routeCall('GET /user/profile/view/{uid}'),
    /** Follow a user */
    follow: routeCall('POST /user/follow/{uid}'),
    /** Unfollow a user */
    unfollow: routeCall('POST /user/unfollow/{uid}'),
    /** Remove a follower or subscriber */
    removeFollower: routeCall('POST /user/remove/{uid}', { body: true }),
    /** Block a user */
    block: routeCall('POST /user/block/{uid}'),
    /** Block a user from a message thread */
    blockFromMessages: routeCall('POST /messages/block/{uid}'),
    /** Unblock a user */
    unblock: routeCall('POST /user/unblock/{uid}'),
    /** Report a user */
    reportUser: routeCall('POST /user/report/{uid}', { body: true }),
    /** A user's followers */
    followers: routeCall('GET /user/followers/{uid}', { query: true }),
    /** Whom a user follows */
    following: routeCall('GET /user/following/{uid}', { query: true }),
    /** A user's subscribers */
    subscribers: routeCall('GET /user/subscribers/{uid}', { query: true }),
    /** Whom a user subscribes to */
    subscriptions: routeCall('GET /user/subscriptions/{uid}', { query: true }),
    /** Search users by name */
    searchUsers: routeCall('GET /cms/users', { query: true }),
    /** Post on the own wall */
    createWallPost: routeCall('POST /user/wall/post', { body: true }),
    /** Delete an own wall post */
    deleteWallPost: routeCall('POST /user/wall/delete/{id}'),
    /** Like a wall post */
    likeWallPost: routeCall('POST /user/wall/post/{id}/like'),
    /** Take back a like */
    unlikeWallPost: routeCall('POST /user/wall/post/{id}/unlike'),
    /** Pay diamonds to unlock a locked post */
    unlockWallPost: routeCall('POST /user/wall/post/{id}/unlock'),
    /** A user's wall */
    wall: routeCall('GET /user/wall/{uid}', { query: true }),
    /** The for-you feed */
    forYouFeed: routeCall('GET /user/feed/for-you', { query: true }),
    /** A user's gallery */
    gallery: routeCall('GET /user/gallery/{uid}', { query: true }),
  },
  media: {
    /** Step 1 of an upload: a presigned PUT address */
    presign: routeCall('POST /cms/presign-media', { body: true, query: true }),
    /** Step 2 of an upload to the local store: the file bytes (signed address) */
    storeObject: routeCall('PUT /media/object/{key}'),
    /** Step 3 of an upload: check and register the file */
    process: routeCall('POST /cms/process-media', { body: true }),
    /** Delete a gallery item */
    deleteGalleryItem: routeCall('POST /user/gallery/item/delete', { body: true }),
    /** A stored file from the local store (signed address) */
    object: routeCall('GET /media/object/{key}'),
  },
  messages: {
    /** Send a direct message */
    send: routeCall('POST /messages/send/{uid}', { body: true }),
    /** Mark a thread read */
    markRead: routeCall('POST /messages/refresh', { body: true }),
    /** The own message threads */
    threads: routeCall('GET /messages/threads', { query: true }),
    /** How many of the own threads have unread messages */
    unread: routeCall('GET /messages/unread'),
    /** Messages of a thread */
    thread: routeCall('GET /messages/threads/{threadId}', { query: true }),
  },
  notifications: {
    /** The own notifications, newest first, with the unread count */
    list: routeCall('GET /notifications', { query: true }),
    /** How many of the own notifications are unread */
    unread: routeCall('GET /notifications/unread'),
    /** Mark the own notifications read up to a sequence number */
    markRead: routeCall('POST /notifications/read', { body: true }),
  },
  gifting: {
    /** Send a gift to users in a lobby, room or profile */
    send: routeCall('POST /gifting/send-gift', { body: true }),
    /** The gift catalogue */
    items: routeCall('GET /gifting/items'),
    /** Gift and effect assets */
    assets: routeCall('GET /cms/assets'),
  },
  money: {
    /** Demo only: send a token from the caller's demo wallet on the demo's local chain to the deposit address (then submitted to payment/topup/pay) */
    demoWalletPay: routeCall('POST /dev/demo-wallet/pay', { body: true }),
    /** Demo only: the caller's demo wallet signs a wallet-link message (wallet/create-sign-message) */
    demoWalletSign: routeCall('POST /dev/demo-wallet/sign', { body: true }),
    /** Stripe webhook (signed raw body) */
    stripeWebhook: routeCall('POST /payment/stripe/webhook'),
    /** Start a card payment */
    stripeInit: routeCall('POST /payment/stripe/init', { body: true }),
    /** Web-payment notification (signed raw body) */
    webpayWebhook: routeCall('POST /payment/webpay/webhook'),
    /** Start a hosted web-payment order; answers with its approval page */
    webpayInit: routeCall('POST /payment/webpay/init', { body: true }),
    /** Back from the approval page: the server reads the order and captures it */
    webpayCapture: routeCall('POST /payment/webpay/capture', { body: true }),
    /** E-wallet notification (signed raw body) */
    ewalletWebhook: routeCall('POST /payment/ewallet/webhook'),
    /** Start a GCash or Maya charge in PHP; answers with its approval page */
    ewalletInit: routeCall('POST /payment/ewallet/init', { body: true }),
    /** Start a TON payment from the mini-app; answers with the transfer for TON Connect */
    tonInit: routeCall('POST /payment/ton/init', { body: true }),
    /** The wallet sent the transfer: the server looks for it on the TON chain and credits it once */
    tonConfirm: routeCall('POST /payment/ton/confirm', { body: true }),
    /** Back from the e-wallet: the server reads the charge back */
    ewalletCheck: routeCall('POST /payment/ewallet/check', { body: true }),
    /** Read the configured chain through our node (JSON-RPC; allow-listed read methods only; rate limited per user) */
    chainRpc: routeCall('POST /chain/rpc', { body: true }),
    /** Top up diamonds (crypto transfer or sandbox) */
    topUp: routeCall('POST /payment/topup/pay', { body: true }),
    /** Buy the VIP subscription, or a creator's subscription (creatorUid), by card */
    checkout: routeCall('POST /payment/checkout/pay', { body: true }),
    /** Check a purchase without buying */
    validatePurchase: routeCall('POST /payment/purchase/validate', { body: true }),
    /** Buy an item with diamonds */
    purchase: routeCall('POST /payment/purchase', { body: true }),
    /** May the caller buy this item, and the balance after */
    purchaseCondition: routeCall('POST /skus/credit/condition', { body: true }),
    /** Wear or take off an owned frame or badge */
    equip: routeCall('POST /wallet/collections/equip', { body: true }),
    /** Owned frames, badges and gifts to keep, with status and end */
    collections: routeCall('GET /wallet/collections', { query: true }),
    /** Check a withdrawal without requesting it */
    validateWithdrawal: routeCall('POST /wallet/withdraw/validate', { body: true }),
    /** Request a charm withdrawal */
    withdraw: routeCall('POST /wallet/withdraw', { body: true }),
    /** Pay a creator on the agency's roster their charm */
    payCreator: routeCall('POST /wallet/creator/payment', { body: true }),
    /** Confirm receipt of a creator payment */
    confirmCashout: routeCall('PUT /cashout-confirm', { body: true }),
    /** Confirm receipt of a creator payment */
    confirmCreatorCashout: routeCall('PUT /wallet/creator/cashout-confirm', { body: true }),
    /** Add a blockchain wallet */
    addBlockchainWallet: routeCall('POST /wallet/blockchain', { body: true }),
    /** Rename a blockchain wallet */
    renameBlockchainWallet: routeCall('POST /wallet/blockchain/rename', { body: true }),
    /** Change a blockchain wallet */
    updateBlockchainWallet: routeCall('POST /wallet/blockchain/update', { body: true }),
    /** Remove a blockchain wallet */
    removeBlockchainWallet: routeCall('POST /wallet/blockchain/remove', { body: true }),
    /** Diamond and charm balances */
    balance: routeCall('GET /wallet/balance'),
    /** The own transaction history */
    transactions: routeCall('GET /transaction/me', { query: true }),
    /** Items bought */
    inventory: routeCall('GET /wallet/inventory/bought', { query: true }),
    /** Accepted crypto currencies */
    currencies: routeCall('GET /payment/currencies/available'),
    /** Convert an amount between currencies at the configured rates */
    conversion: routeCall('GET /payment/currencies/conversion', { query: true }),
    /** Currencies recommended for the caller */
    recommendedTopUps: routeCall('GET /payment/currencies/recommended'),
    /** Payment methods configured here, for the caller's region (e-wallets first in PH) */
    paymentMethods: routeCall('GET /payment/methods', { query: true }),
    /** Items for sale */
    skus: routeCall('GET /skus/read'),
    /** One item for sale */
    sku: routeCall('GET /skus/read/{id}'),
    /** Charm available to withdraw */
    withdrawAvailable: routeCall('GET /wallet/withdraw/available'),
    /** The own withdrawals */
    withdrawals: routeCall('GET /wallet/withdrawals', { query: true }),
    /** Creator cash-outs */
    creatorCashouts: routeCall('GET /wallet/creator/cashout-list', { query: true }),
    /** Payment notifications */
    paymentNotifications: routeCall('GET /payment-notifications'),
    /** Payment notifications */
    creatorPaymentNotifications: routeCall('GET /wallet/creator/payment-notifications'),
    /** Mark an own agency payment notification read */
    markPaymentNotificationRead: routeCall('POST /payment-notifications/read', { body: true }),
    /** The own blockchain wallets */
    blockchainWallets: routeCall('GET /wallet/blockchain'),
    /** Status of a payment */
    paymentStatus: routeCall('GET /payment/status/{paymentId}'),
  },
  subscriptions: {
    /** Set the caller's monthly subscription price */
    setPrice: routeCall('POST /user/subscription/price', { body: true }),
    /** Subscribe to a creator for 30 days */
    subscribe: routeCall('POST /user/subscribe/{uid}', { body: true }),
  },
  booking: {
    /** A host's services (title, minutes, price in diamonds) */
    services: routeCall('GET /user/services/{uid}'),
    /** List a service (15, 30 or 60 minutes for a price in diamonds) */
    listService: routeCall('POST /user/services', { body: true }),
    /** Stop offering a service */
    removeService: routeCall('POST /user/services/remove', { body: true }),
    /** Book a host's service at a time; its price is held from the wallet */
    book: routeCall('POST /booking', { body: true }),
    /** The caller's bookings, as buyer and as host */
    mine: routeCall('GET /booking/me', { query: true }),
    /** Extensions of the caller's booked sessions */
    extensions: routeCall('GET /booking/extensions', { query: true }),
    /** One booking, for its buyer and its host */
    detail: routeCall('GET /booking/{id}'),
    /** The voice of a live booked session, for its host and buyer (Agora token or the WebRTC session) */
    voice: routeCall('POST /booking/{id}/voice'),
    /** Cancel a booking (the buyer up to 1 hour before the start; the host until it ends); the hold is released */
    cancel: routeCall('POST /booking/{id}/cancel'),
    /** Extend a running session by one more session of the service */
    extend: routeCall('POST /booking/{id}/extend'),
  },
  referral: {
    /** The own referral link */
    myLink: routeCall('POST /referral/me/link'),
    /** The own referral link (created on first use) */
    init: routeCall('POST /referral/init'),
    /** Create a custom referral link */
    createLink: routeCall('POST /referral/create-link', { body: true }),
    /** Check a referral code before connecting */
    validateReferrer: routeCall('POST /referral/validate-referrer', { body: true }),
    /** Connect to a referrer */
    connect: routeCall('POST /referral/connect', { body: true }),
    /** Set the referral payout wallet */
    addPayoutWallet: routeCall('POST /referral/add-wallet', { body: true }),
    /** Referral summary */
    details: routeCall('GET /referral/referral-details'),
    /** Invited users */
    invitees: routeCall('GET /referral/referrals', { query: true }),
    /** Referral rewards */
    rewardRecords: routeCall('GET /referral/reward-records', { query: true }),
    /** Referral payouts */
    payouts: routeCall('GET /referral/payouts', { query: true }),
  },
  lobbies: {
    /** Create a lobby */
    create: routeCall('POST /lobbies', { body: true }),
    /** Join a public lobby */
    joinPublic: routeCall('POST /lobbies/public/{id}/join'),
    /** Join a lobby */
    join: routeCall('POST /lobbies/{id}/join'),
    /** Join a lobby with an invite */
    joinByInvite: routeCall('POST /lobbies/{id}/join/{inviteId}'),
    /** Leave a lobby */
    leave: routeCall('POST /lobbies/{id}/leave'),
    /** End a lobby */
    end: routeCall('POST /lobbies/{id}/end'),
    /** Close a lobby */
    close: routeCall('POST /lobbies/{id}/close'),
    /** Edit lobby information */
    updateInfo: routeCall('POST /lobbies/{id}/info', { body: true }),
    /** Set the lobby background */
    setBackground: routeCall('POST /lobbies/{id}/settings/background', { body: true }),
    /** Create an invite */
    invite: routeCall('POST /lobbies/{id}/invites'),
    /** Ask for a seat */
    requestMic: routeCall('POST /lobbies/{id}/mic/request'),
    /** Seat a user */
    grantMic: routeCall('POST /lobbies/{id}/mic/grant', { body: true }),
    /** Take a user off a seat */
    unseat: routeCall('POST /lobbies/{id}/mic/unseat', { body: true }),
    /** Mute a seat */
    mute: routeCall('POST /lobbies/{id}/mic/mute', { body: true }),
    /** Unmute a seat */
    unmute: routeCall('POST /lobbies/{id}/mic/unmute', { body: true }),
    /** Remove a seat request */
    removeFromQueue: routeCall('POST /lobbies/{id}/queue/remove', { body: true }),
    /** Remove a co-host */
    removeCohost: routeCall('POST /lobbies/{id}/cohosts/remove', { body: true }),
    /** Kick a user */
    kick: routeCall('POST /lobbies/{id}/kick', { body: true }),
    /** Hand the host over */
    switchHost: routeCall('POST /lobbies/{id}/host/switch', { body: true }),
    /** Block a user from the lobby */
    block: routeCall('POST /lobbies/{id}/block', { body: true }),
    /** Unblock a user */
    unblock: routeCall('POST /lobbies/{id}/unblock', { body: true }),
    /** Silence a user in the chat */
    silence: routeCall('POST /lobbies/{id}/users/{uid}/silence'),
    /** Lift a silence */
    unsilence: routeCall('POST /lobbies/{id}/users/{uid}/unsilence'),
    /** Add a lobby administrator */
    addAdmin: routeCall('POST /lobbies/manage/{id}/admin/add', { body: true }),
    /** Remove a lobby administrator */
    removeAdmin: routeCall('POST /lobbies/manage/{id}/admin/remove', { body: true }),
    /** Pin a chat message */
    pin: routeCall('POST /lobbies/{id}/pin', { body: true }),
    /** Send a lobby chat message */
    chat: routeCall('POST /lobbies/{id}/chat', { body: true }),
    /** Roll two dice for everyone in the lobby to see (drawn by the server) */
    rollDice: routeCall('POST /lobbies/{id}/tools/dice'),
    /** Draw a lucky number from 1 to 100 for everyone in the lobby to see */
    luckyNumber: routeCall('POST /lobbies/{id}/tools/lucky-number'),
    /** Start a quick poll (hosts, speakers and lobby admins; one open poll per lobby) */
    openPoll: routeCall('POST /lobbies/{id}/tools/poll', { body: true }),
    /** Vote in the open poll (once per member) */
    votePoll: routeCall('POST /lobbies/{id}/tools/poll/vote', { body: true }),
    /** Close the open poll (whoever started it, or lobby staff) */
    closePoll: routeCall('POST /lobbies/{id}/tools/poll/close', { body: true }),
    /** Send a room chat message */
    roomChat: routeCall('POST /lobbies/{id}/rooms/{roomId}/chat', { body: true }),
    /** Create a room */
    createRoom: routeCall('POST /lobbies/{id}/rooms', { body: true }),
    /** Join a room */
    joinRoom: routeCall('POST /lobbies/{id}/rooms/{roomId}/join'),
    /** Join a private room with its key */
    joinRoomWithKey: routeCall('POST /lobbies/{id}/rooms/{roomId}/join/{key}'),
    /** Join a private room with its key */
    joinRoomByKey: routeCall('POST /rooms/{id}/join/{key}'),
    /** Start a room */
    startRoom: routeCall('POST /lobbies/{id}/rooms/{roomId}/start'),
    /** End a room */
    endRoom: routeCall('POST /lobbies/{id}/rooms/{roomId}/end'),
    /** End a room */
    endRoomById: routeCall('POST /rooms/{id}/end'),
    /** Start a room */
    startRoomById: routeCall('POST /rooms/{id}/start'),
    /** Silence a user in a room */
    silenceInRoom: routeCall('POST /rooms/{id}/users/{uid}/silence'),
    /** Lift a room silence */
    unsilenceInRoom: routeCall('POST /rooms/{id}/users/{uid}/unsilence'),
    /** Leave a room */
    leaveRoom: routeCall('POST /lobbies/{id}/rooms/{roomId}/leave'),
    /** Renew the media token */
    refreshMediaToken: routeCall('POST /lobbies/refresh-token', { body: true }),
    /** Live lobbies */
    list: routeCall('GET /lobbies', { query: true }),
    /** Live public lobbies */
    listPublic: routeCall('GET /lobbies/public', { query: true }),
    /** Home page: banners, categories, lobbies */
    home: routeCall('GET /app/home', { query: true }),
    /** Home page for visitors */
    homePublic: routeCall('GET /app/home/public', { query: true }),
    /** Lobby categories, backgrounds and limits */
    props: routeCall('GET /lobbies/props'),
    /** Settings of a lobby the caller manages */
    settings: routeCall('GET /lobbies/settings', { query: true }),
    /** Lobby leaderboard */
    leaderboard: routeCall('GET /lobbies/leaderboard', { query: true }),
    /** A lobby with its members */
    detail: routeCall('GET /lobbies/{id}', { query: true }),
    /** Invites of a lobby */
    invites: routeCall('GET /lobbies/{id}/invites'),
    /** Rooms of a lobby */
    rooms: routeCall('GET /lobbies/{id}/rooms', { query: true }),
    /** A room with its users */
    room: routeCall('GET /rooms/{id}'),
    /** Lobby or room chat history */
    chatHistory: routeCall('GET /lobbies/{id}/chat', { query: true }),
    /** The lobby's latest poll and its latest dice and lucky-number results */
    tools: routeCall('GET /lobbies/{id}/tools'),
    /** Search GIFs and stickers for the chat */
    searchGifs: routeCall('GET /gifs/search', { query: true }),
  },
  leaderboards: {
    /** Global leaderboards */
    global: routeCall('GET /user/leaderboards', { query: true }),
  },
  guild: {
    /** Create an agency */
    create: routeCall('POST /guild/agencies', { body: true }),
    /** Invite a creator to the roster (they join by accepting) */
    inviteHost: routeCall('POST /guild/agencies/{agencyId}/invitations', { body: true }),
    /** Remove a host */
    removeHost: routeCall('DELETE /guild/agencies/{agencyId}/hosts/{hostUid}'),
    /** Accept an agency's invitation (join its roster) */
    acceptInvitation: routeCall('POST /guild/invitations/{agencyId}/accept'),
    /** Decline an agency's invitation */
    declineInvitation: routeCall('POST /guild/invitations/{agencyId}/decline'),
    /** Leave the own agency */
    leave: routeCall('POST /guild/membership/leave'),
    /** The caller's agency and the invitations waiting for their answer */
    myInvitations: routeCall('GET /guild/invitations'),
    /** Invitations the agency sent that wait for an answer */
    invitations: routeCall('GET /guild/agencies/{agencyId}/invitations'),
    /** Set share ratios */
    setShares: routeCall('PUT /guild/agencies/{agencyId}/shares', { body: true }),
    /** Settle a period */
    settle: routeCall('POST /guild/agencies/{agencyId}/settlements', { body: true }),
    /** Record a charm payment to a host */
    submitPayment: routeCall('POST /guild/agencies/{agencyId}/payments', { body: true }),
    /** Confirm a charm payment */
    confirmPayment: routeCall('PUT /guild/agencies/{agencyId}/payments/{paymentId}/confirm'),
    /** The own agencies */
    agencies: routeCall('GET /guild/agencies'),
    /** An agency with its hosts */
    agency: routeCall('GET /guild/agencies/{agencyId}'),
    /** Gift receipts of the hosts */
    receipts: routeCall('GET /guild/agencies/{agencyId}/receipts', { query: true }),
    /** Settlement preview of a period */
    preview: routeCall('GET /guild/agencies/{agencyId}/preview', { query: true }),
    /** Settlements */
    settlements: routeCall('GET /guild/agencies/{agencyId}/settlements', { query: true }),
    /** Charm payments */
    payments: routeCall('GET /guild/agencies/{agencyId}/payments', { query: true }),
  },
  progression: {
    /** Claim a complete mission of the current period */
    claimMission: routeCall('POST /progression/missions/{missionId}/claim', { body: true }),
    /** Claim a complete quest step */
    claimQuest: routeCall('POST /progression/quests/{stepId}/claim', { body: true }),
    /** Combine 10 fragments of a kind into their item */
    combineFragments: routeCall('POST /progression/fragments/combine', { body: true }),
    /** The own EXP-for-friends token (issued on first use) */
    friendToken: routeCall('POST /progression/frens/token'),
    /** Join with a friend's EXP-for-friends token */
    joinFriend: routeCall('POST /progression/frens/join', { body: true }),
    /** Link a quest-platform account with its signed proof */
    linkQuestAccount: routeCall('POST /progression/quest-account/link', { body: true }),
    /** Unlink the quest-platform account */
    unlinkQuestAccount: routeCall('POST /progression/quest-account/unlink'),
    /** Demo only (MURMUR_DEMO=on, no platform configured): a signed link proof for the caller */
    sandboxAuthorize: routeCall('POST /progression/quest-account/sandbox-authorize'),
    /** Signed webhook of the quest platform: EXP earned there */
    questWebhook: routeCall('POST /progression/quest-platform/webhook'),
    /** The own EXP, level and expPercentage */
    level: routeCall('GET /progression/level'),
    /** A user's level */
    userLevel: routeCall('GET /progression/levels/{uid}'),
    /** What earned the own EXP */
    expHistory: routeCall('GET /progression/exp-history', { query: true }),
    /** Daily and weekly missions with progress */
    missions: routeCall('GET /progression/missions'),
    /** Quest chains with progress */
    quests: routeCall('GET /progression/quests'),
    /** Every reward claimed */
    rewardsHistory: routeCall('GET /progression/rewards-history', { query: true }),
    /** Fragments held */
    fragments: routeCall('GET /progression/fragments'),
    /** Levels of the given lobbies (ids=a,b) */
    lobbyLevels: routeCall('GET /progression/lobby-levels', { query: true }),
    /** The own lobbies' levels and the top lobbies */
    ownLobbyLevels: routeCall('GET /progression/lobby-levels/mine'),
    /** The own EXP-for-friends token and friends */
    friends: routeCall('GET /progression/frens'),
    /** The linked quest account (authStep, account, exp) */
    questAccount: routeCall('GET /progression/quest-account'),
  },
  console: {
    /** Withdrawals and creator payouts by status (pending: oldest first) */
    withdrawals: routeCall('GET /console/withdrawals', { query: true }),
    /** Settle a pending withdrawal with its on-chain or bank reference */
    settleWithdrawal: routeCall('POST /console/withdrawals/{withdrawalId}/settle', { body: true }),
    /** Reject a pending withdrawal: its charm goes back to the user */
    rejectWithdrawal: routeCall('POST /console/withdrawals/{withdrawalId}/reject', { body: true }),
    /** Payments still not final after a while */
    stuckPayments: routeCall('GET /console/payments/stuck', { query: true }),
    /** A week's referral settlements */
    referralSettlements: routeCall('GET /console/referral/settlements', { query: true }),
    /** Manual diamond grants by status */
    grants: routeCall('GET /console/grants', { query: true }),
    /** Grant diamonds (reason and Idempotency-Key required; a second admin approves above the threshold) */
    requestGrant: routeCall('POST /console/grants', { body: true }),
    /** Approve a grant requested by another admin, and mint it */
    approveGrant: routeCall('POST /console/grants/{grantId}/approve'),
    /** Reject a pending grant */
    rejectGrant: routeCall('POST /console/grants/{grantId}/reject', { body: true }),
    /** The ledger audit's latest result and recent runs */
    ledgerAudit: routeCall('GET /console/ledger/audit'),
    /** Ask the projections worker for a ledger audit now */
    runLedgerAudit: routeCall('POST /console/ledger/audit'),
    /** The reports queue with content and context */
    reports: routeCall('GET /console/reports', { query: true }),
    /** Decide a report once: warn, silence, remove, ban or dismiss */
    decideReport: routeCall('POST /console/reports/{id}/decide', { body: true }),
    /** Search users by uid, username or e-mail */
    users: routeCall('GET /console/users', { query: true }),
    /** A user: roles, sessions, wallet summary, bans */
    user: routeCall('GET /console/users/{uid}'),
    /** Sign a user out everywhere */
    signOutUser: routeCall('POST /console/users/{uid}/sign-out', { body: true }),
    /** Let a user in from the waitlist, or put them back, with a note kept in the audit trail */
    setWaitlist: routeCall('POST /console/users/{uid}/waitlist', { body: true }),
    /** Live lobbies with members and open reports */
    lobbies: routeCall('GET /console/lobbies', { query: true }),
    /** End a lobby, with the reason its members see */
    terminateLobby: routeCall('POST /console/lobbies/{id}/terminate', { body: true }),
    /** Remove a user from a lobby, with the reason they see */
    removeFromLobby: routeCall('POST /console/lobbies/{id}/remove', { body: true }),
    /** Every agency with its owner, host count and verification (unverified first) */
    agencies: routeCall('GET /console/agencies', { query: true }),
    /** An agency's roster and verification */
    agency: routeCall('GET /console/agencies/{agencyId}'),
    /** An agency's settlements */
    agencySettlements: routeCall('GET /console/agencies/{agencyId}/settlements', { query: true }),
    /** Verify an agency, with a note kept in the audit trail */
    verifyAgency: routeCall('POST /console/agencies/{agencyId}/verify', { body: true }),
    /** Operator actions by subject or operator */
    audit: routeCall('GET /console/audit', { query: true }),
  },
  moderation: {
    /** Report a user, lobby, wall post, lobby chat message or direct message */
    report: routeCall('POST /reports', { body: true }),
  },
  ledgerProof: {
    /** The ledger audit's runs and open requests, newest first */
    audits: routeCall('GET /console/ledger-proof/audits', { query: true }),
    /** The signed digests of the money log, newest first */
    digests: routeCall('GET /console/ledger-proof/digests', { query: true }),
    /** A recorded digest's Ed25519 signature checked, and its root recomputed from the log's heads at its point */
    checkDigest: routeCall('GET /console/ledger-proof/digests/{digestId}/check'),
    /** An account's money movements (wallet and earnings) with their chain proof */
    account: routeCall('GET /console/ledger-proof/accounts/{uid}', { query: true }),
    /** An account's whole ledger as JSON lines or CSV */
    accountExport: routeCall('GET /console/ledger-proof/accounts/{uid}/export', { query: true }),
    /** Every money event recorded in a period (UTC days), as JSON lines or CSV */
    periodExport: routeCall('GET /console/ledger-proof/export', { query: true }),
  },
  ops: {
    /** Each projection's lag and status, the oldest open transaction, gateway connections */
    status: routeCall('GET /console/ops/status'),
    /** Rebuild a projection from the log (the same rebuild as `projections rebuild`); the projections worker runs it */
    rebuild: routeCall('POST /console/ops/rebuild', { body: true }),
    /** Event stream categories and their sizes */
    streamCategories: routeCall('GET /ops/stream-categories', { query: true }),
  },
};
