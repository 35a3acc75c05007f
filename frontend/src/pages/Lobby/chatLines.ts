// Lines of the lobby chat from the history endpoint and from live events: messages, and gift lines
// ("Amy sent Rose x3 to Bob") for GiftSent, so gifts read the same live and after a reload.
import type { LobbyChatItem } from '@murmur/contracts/lobbies';
import type { GiftSentData } from '@murmur/contracts/wallet';
import type { ChatMessage } from './ChatPanel.tsx';

function giftBody(body: string): { quantity: number; recipients: string[] } {
  try {
    const parsed = JSON.parse(body) as { quantity?: unknown; recipients?: unknown };
    return {
      quantity: typeof parsed.quantity === 'number' ? parsed.quantity : 1,
      recipients: Array.isArray(parsed.recipients) ? parsed.recipients.filter((r): r is string => typeof r === 'string') : [],
    };
  } catch {
    return { quantity: 1, recipients: [] };
  }
}

export function historyLine(m: LobbyChatItem): ChatMessage {
  const line: ChatMessage = {
    messageId: m.messageId,
    uid: m.sender.uid,
    username: m.sender.username,
    messageType: m.payload.messageType,
    body: m.payload.body,
    mediaUrl: m.mediaUrl,
    postedAt: m.postedAt,
    ...(m.sender.appearance ? { appearance: m.sender.appearance } : {}),
  };
  if (m.payload.messageType !== 'gift') return line;
  const { quantity, recipients } = giftBody(m.payload.body);
  const names = new Map((m.recipients ?? []).map((r) => [r.uid, r.username]));
  return {
    ...line,
    gift: { name: m.payload.title ?? 'gift', quantity, recipients: recipients.map((uid) => names.get(uid) ?? uid.slice(0, 8)) },
  };
}

/** The live twin of a history gift line; the id matches the projection's (`gift-{position}`). */
export function giftLine(
  position: string,
  d: Pick<GiftSentData, 'senderUid' | 'giftName' | 'quantity' | 'recipients' | 'sentAt'>,
  nameOf: (uid: string) => string,
): ChatMessage {
  return {
    messageId: `gift-${position}`,
    uid: d.senderUid,
    username: nameOf(d.senderUid),
    messageType: 'gift',
    body: '',
    postedAt: d.sentAt,
    gift: { name: d.giftName, quantity: d.quantity, recipients: d.recipients.map(nameOf) },
  };
}
