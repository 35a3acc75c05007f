// Listens to the signed-in user's own channel (users/{uid}) and re-reads the balance and the
// transactions at the event's position when money moves: a webhook-confirmed top-up or a gift
// received shows up without a reload. A level-up (LevelReached on progression-{uid}) shows a toast,
// and so does the decision on a host application (whose approval also renews the token for role `h`).
import { channels } from '@murmur/contracts/realtime';
import { hostApplicationTexts } from '@murmur/contracts/host-applications';
import { refreshToken } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { useChannel } from '../api/realtime.ts';
import { actingUid, useSession } from '../api/session.ts';
import { refreshQueries, setQueryData } from '../state/query.ts';
import { toast } from '../state/ui.ts';

const moneyEvents = new Set([
  'DiamondsCredited',
  'DiamondsSpent',
  'GiftSent',
  'SkuPurchased',
  'PaymentConfirmed',
  'PaymentFailed',
  'CharmWithdrawn',
  'WithdrawalCompleted',
  'WithdrawalFailed',
]);

export function LiveUser() {
  const uid = useSession(actingUid);
  useChannel(uid ? channels.user(uid) : null, {
    onEvent(message) {
      const event = message.event;
      if (event.type === 'LevelReached') {
        toast(`You reached level ${event.data.level}. Keep going!`, 'success', 'Level up!');
        void api.progression
          .level({ minPosition: message.position, quiet: true })
          .then(() => refreshQueries('/progression/'))
          .catch(() => undefined);
        return;
      }
      if (event.type === 'FriendBonusGranted' || event.type === 'QuestExpImported') void refreshQueries('/progression/');
      if (event.type === 'HostApplicationApproved' || event.type === 'HostApplicationRejected') {
        const approved = event.type === 'HostApplicationApproved';
        toast(approved ? hostApplicationTexts.approved : hostApplicationTexts.rejected, approved ? 'success' : 'info');
        // The new role travels in the token: a fresh one carries `h` at once.
        if (approved) void refreshToken().catch(() => undefined);
        void api.hostApplications
          .mine({ minPosition: message.position, quiet: true })
          .then(() => refreshQueries('/host/application', '/wallet/collections', '/user/profile/'))
          .catch(() => undefined);
        return;
      }
      if (!moneyEvents.has(event.type)) return;
      void api.money
        .balance({ minPosition: message.position, quiet: true })
        .then((balance) => setQueryData(api.money.balance.path(), () => balance))
        .catch(() => undefined);
      void refreshQueries('/transaction/me');
    },
  });
  return null;
}
