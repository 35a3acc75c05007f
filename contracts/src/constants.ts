// Business constants: the product's numbers and our defaults where it names none (each rule in its docs/decisions/ topic).
export const paging = { defaultLimit: 10, defaultPage: 1, wall: 10, feed: 50, messages: 20 } as const;

export const money = {
  diamondsPerUsd: 100,
  hostCharmShare: 0.5,
  usdPerCharm: 0.01,
  recommendedTopUpsUsd: [10, 50, 100],
  firstTopUpPackageUsd: 30,
  firstTopUpDiscount: 0.5,
  vipUsdPerYear: 120,
  vipMonths: 12,
  giftMultipliers: [1, 10, 99, 999],
  supportedChainIds: [1, 11155111, 137, 80001, 80094, 80084, 2741, 11124],
  /** Solana clusters, numbered as Solana's token list numbers them (101 mainnet-beta, 103 devnet):
   * crypto top-ups in SOL and SPL tokens name one of these as their chainId. */
  solanaChainIds: [101, 103],
} as const;

export const referral = {
  directShare: 0.1,
  secondLevelShare: 0.05,
  secondLevelWeeklyTopUpDiamonds: 10_000,
  minimumPayoutUsdt: 5,
  referrerWindowDays: 30,
} as const;

export const limits = {
  text: 120,
  languages: 2,
  uploadMaxBytes: 52_428_800,
  emailCodeDigits: 6,
  emailCodeSeconds: 300,
  walletSignMessageSeconds: 600,
  nameChangesPerMonth: 3,
  minimumAge: 18,
  chatMessagesPerWindow: 5,
  chatWindowSeconds: 10,
  /** Messages one user may post across all lobbies and rooms in the same window (abuse: 5 in each of many lobbies). */
  chatMessagesPerWindowAllLobbies: 15,
  userSearchMinLength: 2,
  podium: 3,
} as const;

export const rooms = { durationsMin: [15, 30, 60, 120], defaultDurationMin: 15 } as const;

export const staleTimes = { userQueriesMs: 60_000, forYouFeedMs: 300_000 } as const;

export const session = { refreshTimeoutMs: 10_000, refreshRetries: 2, refreshMaxDelayMs: 5_000 } as const;
