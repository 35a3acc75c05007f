// Below the stage: the audience strip (the first 24 faces) and, for the lobby's staff, the mic
// requests with Accept and Remove.
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import type { LobbyMember, UserRef } from '../../lobby/lobbyApi.ts';
import styles from './Lobby.module.css';

export function AudienceStrip({ audience }: { audience: LobbyMember[] }) {
  if (audience.length === 0) return null;
  return (
    <div className={styles.audience} data-testid="audience">
      <span className={styles.audienceLabel}>
        Audience <span className={styles.count}>{audience.length}</span>
      </span>
      <div className={styles.audienceList}>
        {audience.slice(0, 24).map((m) => (
          <span key={m.uid} className={styles.audienceMember} title={m.username}>
            <Avatar name={m.username} src={m.profilePicUrl} size={36} />
            <small>{m.username}</small>
          </span>
        ))}
        {audience.length > 24 ? <span className={styles.more}>+{audience.length - 24}</span> : null}
      </div>
    </div>
  );
}

export function MicQueue({ queue, onAccept, onRemove }: { queue: UserRef[]; onAccept(uid: string): void; onRemove(uid: string): void }) {
  if (queue.length === 0) return null;
  return (
    <div className={styles.queue} data-testid="mic-queue">
      <h3>
        <Icon name="mic" size={16} /> Mic requests <span className={styles.count}>{queue.length}</span>
      </h3>
      {queue.map((q) => (
        <div key={q.uid} className={styles.queueRow} data-testid={`queue-${q.uid}`}>
          <Avatar name={q.username} src={q.profilePicUrl} size={30} />
          <span className={`${styles.queueName} ${q.appearance?.vip ? styles.vipName : ''}`}>{q.username}</span>
          {q.appearance?.vip ? (
            <span className={styles.queueVip} data-testid="queue-vip">
              VIP
            </span>
          ) : null}
          <Button size="sm" onClick={() => onAccept(q.uid)} data-testid={`grant-${q.uid}`}>
            Accept
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onRemove(q.uid)}>
            Remove
          </Button>
        </div>
      ))}
    </div>
  );
}
