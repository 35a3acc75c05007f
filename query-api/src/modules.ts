// Every query module; each adds its GET routes to the /api/v1 router.
import type express from 'express';
import type { QueryDeps } from './dependencies.ts';
import { opsRoutes } from './ops/routes.ts';
import { globalLeaderboardRoutes } from './leaderboards-global/routes.ts';
import { guildQueryRoutes } from './guild/routes.ts';
import { lobbyQueryRoutes } from './lobbies/routes.ts';
import { lobbyToolQueryRoutes } from './lobbies/tool-routes.ts';
import { referralQueryRoutes } from './referral/routes.ts';
import { identityProviderRoutes } from './identity/providers.ts';
import { identityRoutes } from './identity/routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { socialRoutes } from './social/routes.ts';
import { giftingRoutes } from './gifting/routes.ts';
import { gifRoutes } from './gifs/routes.ts';
import { walletRoutes } from './wallet/routes.ts';
import { progressionQueryRoutes } from './progression/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { locationRoutes } from './location/routes.ts';
import { moneyOperationQueryRoutes } from './money-operations/routes.ts';
import { bookingQueryRoutes } from './booking/routes.ts';
import { hostApplicationRoutes } from './host-applications/routes.ts';
import { consoleRoutes } from './console/routes.ts';
import { errorReportRoutes } from './error-reports/routes.ts';
import { ledgerProofRoutes } from './ledger-proof/routes.ts';

export const queryModules: Array<(router: express.Router, deps: QueryDeps) => void> = [
  opsRoutes,
  lobbyQueryRoutes,
  lobbyToolQueryRoutes,
  identityRoutes,
  identityProviderRoutes,
  giftingRoutes,
  walletRoutes,
  socialRoutes,
  messageRoutes,
  mediaRoutes,
  referralQueryRoutes,
  guildQueryRoutes,
  globalLeaderboardRoutes,
  gifRoutes,
  notificationRoutes,
  progressionQueryRoutes,
  hostApplicationRoutes,
  consoleRoutes,
  bookingQueryRoutes,
  moneyOperationQueryRoutes,
  locationRoutes,
  errorReportRoutes,
  ledgerProofRoutes,
];
