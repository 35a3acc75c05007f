// A gift in the lobby chat: the gift's picture and "Amy sent Rose x3 to Bob".
import { giftDisplayName } from '@murmur/contracts/gifting';
import { GiftIcon } from '../../gifting/GiftIcon.tsx';
import type { ChatMessage } from './ChatPanel.tsx';
import styles from './GiftChatLine.module.css';

export function GiftChatLine({ message }: { message: ChatMessage }) {
  const gift = message.gift;
  if (!gift) return null;
  return (
    <div className={styles.line} data-testid="chat-gift">
      <GiftIcon name={gift.name} src={`/gifts/${gift.name}.svg`} size={30} />
      <span>
        <strong>{message.username}</strong> sent <strong className={styles.gift}>{giftDisplayName(gift.name)}</strong> ×{gift.quantity}
        {gift.recipients.length ? <> to {gift.recipients.join(', ')}</> : null}
      </span>
    </div>
  );
}
