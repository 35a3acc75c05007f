// A notification in words: its icon, the sentence (with who it is from) and the details line.
import { giftDisplayName } from '@murmur/contracts/gifting';
import type { NotificationDto } from '@murmur/contracts/notifications';

export interface NotificationWords {
  icon: string;
  title: string;
  detail: string | null;
}

const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const num = (n: number) => n.toLocaleString('en-US');

/** What the reporter is told of the decision (never who made it). */
function reportOutcome(action: string | undefined): string {
  switch (action) {
    case 'dismiss':
      return 'We found no breach of our rules. Thanks for telling us.';
    case 'warn':
      return 'We warned the person responsible.';
    case 'silence':
      return 'We silenced the person responsible for a while.';
    case 'remove':
      return 'We removed the content.';
    case 'ban':
      return 'We banned the account.';
    default:
      return 'We took action.';
  }
}

function moderationNotice(action: string | undefined): string {
  if (action === 'silence') return 'You were silenced in a lobby by a moderator';
  if (action === 'remove') return 'A moderator removed your content';
  return 'A warning from our moderators';
}

export function notificationWords(n: Pick<NotificationDto, 'kind' | 'actor' | 'facts'>): NotificationWords {
  const who = n.actor?.username ?? 'Someone';
  const f = n.facts;
  switch (n.kind) {
    case 'gift_received': {
      const gift = f.giftName ? giftDisplayName(f.giftName) : 'a gift';
      return {
        icon: '🎁',
        title: `${who} sent you ${f.quantity && f.quantity > 1 ? `${f.quantity}x ` : ''}${gift}`,
        detail: f.lobbyId || f.roomId ? 'Open the lobby' : null,
      };
    }
    case 'new_follower':
      return { icon: '👋', title: `${who} started following you`, detail: 'See their profile' };
    case 'direct_message':
      return {
        icon: '💬',
        title: f.count && f.count > 1 ? `${num(f.count)} new messages from ${who}` : `New message from ${who}`,
        detail: f.preview ?? null,
      };
    case 'lobby_invite':
      return { icon: '🎙️', title: `${who} invited you to a lobby`, detail: 'Join the lobby' };
    case 'payment_confirmed':
      return {
        icon: '💎',
        title: `Top-up confirmed: ${num(f.diamonds ?? 0)} Diamonds`,
        detail: f.usdCents ? `${usd(f.usdCents)} paid` : null,
      };
    case 'payment_failed':
      return { icon: '⚠️', title: 'Payment Failed', detail: f.reason ?? null };
    case 'withdrawal_completed':
      return { icon: '🏦', title: 'Your withdrawal was sent', detail: null };
    case 'withdrawal_failed':
      return {
        icon: '⚠️',
        title: 'Your withdrawal failed',
        detail: f.charm ? `${num(f.charm)} Charm returned to your earnings${f.reason ? `: ${f.reason}` : ''}` : (f.reason ?? null),
      };
    case 'referral_reward':
      return {
        icon: '🤝',
        title: `Referral reward: ${((f.microUsdt ?? 0) / 1_000_000).toFixed(2)} USDT`,
        detail: f.weekId ? `Week of ${f.weekId}` : null,
      };
    case 'level_reached':
      return { icon: '📈', title: `You reached level ${f.level ?? ''}`.trim(), detail: null };
    case 'mission_completed':
      return { icon: '🎯', title: `Mission complete${f.mission ? `: ${f.mission}` : ''}`, detail: null };
    case 'host_approved':
      return { icon: '🎙️', title: 'You are now a Verified Host', detail: 'Your host application was approved' };
    case 'host_rejected':
      return { icon: '📝', title: 'Your host application was not approved', detail: f.reason ?? null };
    case 'agency_invitation':
      return {
        icon: '🤝',
        title: `${f.agencyName ?? 'An agency'} invited you to its roster`,
        detail: 'Accept or decline on the Guild page',
      };
    case 'report_decided':
      return { icon: '🛡️', title: 'Your report was reviewed', detail: reportOutcome(f.action) };
    case 'operator_warning':
      return { icon: '⚠️', title: moderationNotice(f.action), detail: f.reason ?? null };
    default: {
      const _exhaustive: never = n.kind;
      return _exhaustive;
    }
  }
}
