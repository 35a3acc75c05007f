// Every projector the platform runs. A new read model adds one line here.
import type { Projector } from './projector.ts';
import { streamCatalog } from './projectors/stream-catalog.ts';
import { projectionRebuildsProjector } from './projectors/projection-rebuilds.ts';
import { globalLeaderboards } from './projectors/global-leaderboards.ts';
import { guildProjector } from './projectors/guild.ts';
import { lobbiesProjector } from './projectors/lobbies.ts';
import { lobbyChatProjector } from './projectors/lobby-chat.ts';
import { lobbyToolsProjector } from './projectors/lobby-tools.ts';
import { lobbyLeaderboardsProjector } from './projectors/lobby-leaderboards.ts';
import { roomsProjector } from './projectors/rooms.ts';
import { users } from './projectors/users.ts';
import { directMessagesProjector } from './projectors/direct-messages.ts';
import { galleryProjector } from './projectors/gallery.ts';
import { giftWallProjector } from './projectors/gift-wall.ts';
import { profilesProjector } from './projectors/profiles.ts';
import { socialGraphProjector } from './projectors/social-graph.ts';
import { wallProjector } from './projectors/wall.ts';
import { referralEarnings } from './projectors/referral-earnings.ts';
import { walletBalances } from './projectors/wallet-balances.ts';
import { walletHistory } from './projectors/wallet-history.ts';
import { walletInventory } from './projectors/wallet-inventory.ts';
import { progressionProjector } from './projectors/progression.ts';
import { collectionsProjector } from './projectors/collections.ts';
import { notificationsProjector } from './projectors/notifications.ts';
import { accountSettingsProjector } from './projectors/account-settings.ts';
import { moneyOperationsProjector } from './projectors/money-operations.ts';
import { bookingsProjector } from './projectors/bookings.ts';
import { hostApplicationsProjector } from './projectors/host-applications.ts';
import { operatorAuditProjector } from './projectors/operator-audit.ts';
import { reportsProjector } from './projectors/reports.ts';

export const projectors: Projector[] = [
  streamCatalog,
  users,
  referralEarnings,
  walletBalances,
  walletHistory,
  walletInventory,
  collectionsProjector,
  profilesProjector,
  socialGraphProjector,
  wallProjector,
  galleryProjector,
  directMessagesProjector,
  giftWallProjector,
  lobbiesProjector,
  roomsProjector,
  lobbyChatProjector,
  lobbyToolsProjector,
  lobbyLeaderboardsProjector,
  guildProjector,
  globalLeaderboards,
  notificationsProjector,
  progressionProjector,
  accountSettingsProjector,
  hostApplicationsProjector,
  operatorAuditProjector,
  reportsProjector,
  bookingsProjector,
  moneyOperationsProjector,
  projectionRebuildsProjector,
];

export function findProjector(name: string): Projector | undefined {
  return projectors.find((p) => p.name === name);
}
