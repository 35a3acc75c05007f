// The pinned message above the stage; staff can unpin it (pinning is in the chat's message menu).
import { Icon } from '../../components/Icon.tsx';
import chatStyles from '../../lobby/chat/Chat.module.css';

export function PinnedMessage({ message, canUnpin, onUnpin }: { message: string | null; canUnpin: boolean; onUnpin(): void }) {
  if (!message) return null;
  return (
    <div className={chatStyles.pinned} data-testid="pinned-message">
      <Icon name="pin" size={16} />
      <span className={chatStyles.pinnedText}>{message}</span>
      {canUnpin ? (
        <button type="button" className={chatStyles.unpin} onClick={onUnpin} data-testid="unpin">
          Unpin
        </button>
      ) : null}
    </div>
  );
}
