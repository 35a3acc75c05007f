// Every command module, mounted in this order. A module adds its routes to the /api/v1 router;
// `raw` runs before the JSON body parser (webhooks that need the raw body).
import type { CommandModule } from './command-module.ts';
import { guildModule } from './guild/routes.ts';
import { lobbiesModule } from './lobbies/routes.ts';
import { referralModule } from './referral/routes.ts';
import { identityModule } from './identity/routes.ts';
import { mediaModule } from './media/routes.ts';
import { messagesModule } from './messages/routes.ts';
import { profilesModule } from './profiles/routes.ts';
import { socialModule } from './social/routes.ts';
import { wallModule } from './wall/routes.ts';
import { giftingModule } from './gifting/routes.ts';
import { moneyModule } from './wallet/routes.ts';
import { paymentsModule } from './payments/routes.ts';
import { progressionModule } from './progression/routes.ts';
import { notificationsModule } from './notifications/routes.ts';
import { subscriptionsModule } from './subscriptions/routes.ts';
import { moneyOperationsModule } from './money-operations/routes.ts';
import { bookingModule } from './booking/routes.ts';
import { hostApplicationsModule } from './host-applications/routes.ts';
import { moderationModule } from './moderation/routes.ts';
import { operationsModule } from './operations/rebuild-request.ts';
import { chainRpcModule } from './chain-rpc/routes.ts';
import { errorReportsModule } from './error-reports/routes.ts';

export const commandModules: CommandModule[] = [
  identityModule,
  profilesModule,
  socialModule,
  mediaModule,
  wallModule,
  messagesModule,
  giftingModule,
  paymentsModule,
  moneyModule,
  referralModule,
  lobbiesModule,
  guildModule,
  notificationsModule,
  progressionModule,
  subscriptionsModule,
  hostApplicationsModule,
  moderationModule,
  bookingModule,
  moneyOperationsModule,
  operationsModule,
  chainRpcModule,
  errorReportsModule,
];
