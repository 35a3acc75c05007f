// Lobby settings for the owner or an admin (docs/decisions/lobbies.md): Edit Profile (the lobby's photo, name,
// introduction, tag, category, languages, live switch), Lobby Background, Blacklist, Administrator,
// Close Lobby. The page is titled with the lobby, so "Edit Profile" reads as the lobby's profile.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/api.generated.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { backgroundFor } from '../../lobby/backgrounds.ts';
import { useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import type { LobbySettings } from '@murmur/contracts/lobbies';
import { LobbyProfileForm } from './LobbyProfileForm.tsx';
import styles from './LobbySettings.module.css';

type Settings = LobbySettings;

export default function LobbySettingsPage() {
  const [search] = useSearchParams();
  const lobbyId = search.get('lobbyId');
  const navigate = useNavigate();
  const { data, error, mutate } = useQuery(lobbyId ? api.lobbies.settings.path({ lobbyId }) : null, { dedupingInterval: 0 });
  if (!lobbyId || error) {
    return (
      <EmptyState icon="⚙️" title="Choose a lobby first" action={<Button onClick={() => navigate('/')}>Back to home</Button>}>
        Open the settings from a lobby you own or manage.
      </EmptyState>
    );
  }
  if (!data) return <PageLoading />;
  const refresh = (position?: string) => void mutate(api.lobbies.settings({ lobbyId }, { minPosition: position }), { revalidate: false });
  return (
    <div className={styles.page} data-testid="lobby-settings-page">
      <div className={styles.header}>
        <Avatar name={data.title} src={data.lobbyPhoto} size={56} />
        <PageHeader
          title={data.title}
          subtitle="Lobby settings"
          actions={
            <Button variant="secondary" onClick={() => navigate(`/lobby/${lobbyId}`)}>
              Back to lobby
            </Button>
          }
        />
      </div>
      <Tabs
        items={[
          { value: 'profile', label: 'Edit Profile', content: <LobbyProfileForm settings={data} onSaved={refresh} /> },
          { value: 'background', label: 'Lobby Background', content: <Backgrounds settings={data} onSaved={refresh} /> },
          { value: 'blacklist', label: 'Blacklist', content: <Blacklist settings={data} onSaved={refresh} /> },
          { value: 'admins', label: 'Administrator', content: <Admins settings={data} onSaved={refresh} /> },
          { value: 'close', label: 'Close Lobby', content: <CloseLobby lobbyId={data.lobbyId} /> },
        ]}
      />
    </div>
  );
}

function Backgrounds({ settings, onSaved }: { settings: Settings; onSaved(p?: string): void }) {
  return (
    <div className={styles.backgrounds}>
      {settings.backgrounds.map((b) => (
        <button
          key={b}
          className={`${styles.background} ${settings.backgroundId === b ? styles.backgroundOn : ''}`}
          style={{ background: backgroundFor(b) }}
          onClick={async () => {
            const a = await api.lobbies.setBackground(
              { id: settings.lobbyId },
              {
                backgroundId: b,
              },
            );
            toast('Lobby info updated.', 'success');
            onSaved(a.position);
          }}
        >
          <span>{b.replace('bg-', '')}</span>
        </button>
      ))}
    </div>
  );
}

function Blacklist({ settings, onSaved }: { settings: Settings; onSaved(p?: string): void }) {
  if (settings.blacklist.length === 0)
    return (
      <EmptyState icon="🚫" title="Nobody is blocked">
        People you block from this lobby appear here.
      </EmptyState>
    );
  return (
    <div className={styles.list}>
      {settings.blacklist.map((b) => (
        <div key={b.uid} className={styles.row}>
          <Avatar name={b.username} src={b.profilePicUrl} size={34} />
          <span className={styles.name}>
            {b.username}
            <small>{b.reason}</small>
          </span>
          <Button
            size="sm"
            variant="secondary"
            onClick={async () => {
              const a = await api.lobbies.unblock({ id: settings.lobbyId }, { uidToUnblock: b.uid });
              toast(a.message ?? 'User has been unblocked.', 'success');
              onSaved(a.position);
            }}
          >
            Unblock
          </Button>
        </div>
      ))}
    </div>
  );
}

function Admins({ settings, onSaved }: { settings: Settings; onSaved(p?: string): void }) {
  if (settings.administrators.length === 0)
    return (
      <EmptyState icon="🛡️" title="No lobby admins yet">
        Use “Set as Admin” on a member in the lobby to add one.
      </EmptyState>
    );
  return (
    <div className={styles.list}>
      {settings.administrators.map((a) => (
        <div key={a.uid} className={styles.row}>
          <Avatar name={a.username} src={a.profilePicUrl} size={34} />
          <span className={styles.name}>{a.username}</span>
          <Button
            size="sm"
            variant="secondary"
            onClick={async () => {
              const r = await api.lobbies.removeAdmin(
                { id: settings.lobbyId },
                {
                  uidToRemove: a.uid,
                },
              );
              toast(r.message ?? 'User has been removed as Lobby Admin successfully!', 'success');
              onSaved(r.position);
            }}
          >
            Remove
          </Button>
        </div>
      ))}
    </div>
  );
}

function CloseLobby({ lobbyId }: { lobbyId: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.close}>
      <p>Closing the lobby ends it for everyone and closes its private rooms. It cannot be reopened.</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Close Lobby
      </Button>
      <Dialog open={open} onOpenChange={setOpen} size="sm" title="Close this lobby?">
        <p className={styles.muted}>Everyone will be removed and the lobby disappears from the home page.</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={async () => {
              await api.lobbies.close({ id: lobbyId });
              navigate('/');
            }}
          >
            Close Lobby
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
