// The lobby's People tab: host, speakers and audience, each with presence, role chips, a gift button
// and the member menu the viewer's role allows.
import { Avatar } from '../../components/Avatar.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Menu } from '../../components/Menu.tsx';
import type { LobbyDetails, LobbyMember } from '../../lobby/lobbyApi.ts';
import { memberActionLabel, memberActions, type MemberAction } from '../../lobby/permissions.ts';
import styles from './Lobby.module.css';

interface MemberHandlers {
  onAction(a: MemberAction, m: LobbyMember): void;
  onGift(m: LobbyMember): void;
}

export function PeoplePanel({
  lobby,
  uid,
  hosts,
  cohosts,
  audience,
  onAction,
  onGift,
}: { lobby: LobbyDetails; uid: string | null; hosts: LobbyMember[]; cohosts: LobbyMember[]; audience: LobbyMember[] } & MemberHandlers) {
  return (
    <div className={styles.people} data-testid="people">
      <PeopleGroup title="Host" members={hosts} lobby={lobby} uid={uid} onAction={onAction} onGift={onGift} />
      <PeopleGroup title="Speakers" members={cohosts} lobby={lobby} uid={uid} onAction={onAction} onGift={onGift} />
      <PeopleGroup title="Audience" members={audience} lobby={lobby} uid={uid} onAction={onAction} onGift={onGift} />
    </div>
  );
}

function PeopleGroup({
  title,
  members,
  lobby,
  uid,
  onAction,
  onGift,
}: {
  title: string;
  members: LobbyMember[];
  lobby: LobbyDetails;
  uid: string | null;
  onAction(a: MemberAction, m: LobbyMember): void;
  onGift(m: LobbyMember): void;
}) {
  if (members.length === 0) return null;
  return (
    <div className={styles.group}>
      <h4>
        {title} <span className={styles.count}>{members.length}</span>
      </h4>
      {members.map((m) => (
        <div key={m.uid} className={styles.person} data-testid={`person-${m.uid}`}>
          <span className={styles.presenceWrap}>
            <Avatar name={m.username} src={m.profilePicUrl} size={32} />
            <span className={`${styles.presence} ${styles[`presence_${m.presence}`]}`} title={m.presence} />
          </span>
          <span className={styles.personName}>
            {m.username}
            {m.isOwner ? <small className={styles.roleChip}>Owner</small> : null}
            {m.isAdmin ? <small className={styles.roleChip}>Admin</small> : null}
            {m.silenced ? <small className={styles.silencedChip}>Silenced</small> : null}
          </span>
          {m.uid !== uid ? (
            <button className={styles.iconSmall} onClick={() => onGift(m)} aria-label={`Gift ${m.username}`}>
              <Icon name="gift" size={16} />
            </button>
          ) : null}
          <Menu
            align="end"
            label={m.username}
            actions={memberActions(lobby, { uid }, m).map((a) => ({
              label: memberActionLabel[a],
              onSelect: () => onAction(a, m),
              tone: a === 'kick' || a === 'block' ? ('danger' as const) : undefined,
            }))}
            trigger={
              <button className={styles.iconSmall} aria-label={`Actions for ${m.username}`} data-testid={`menu-${m.uid}`}>
                ⋯
              </button>
            }
          />
        </div>
      ))}
    </div>
  );
}
