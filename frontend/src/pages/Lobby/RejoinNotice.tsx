// The spec's notice while a lost lobby session is joined again.
import { texts } from '@murmur/contracts/errors';
import chatStyles from '../../lobby/chat/Chat.module.css';

export function RejoinNotice({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div className={chatStyles.rejoining} role="status" data-testid="rejoining">
      <span className={chatStyles.spinner} aria-hidden /> {texts.rejoining}
    </div>
  );
}
