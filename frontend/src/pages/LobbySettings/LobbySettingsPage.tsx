// Lobby settings for the owner or an admin (spec section 2): Edit Profile (name, introduction,
// tag), Lobby Background, Blacklist, Administrator, Close Lobby.
import { limits } from '@murmur/contracts/constants';
import { formatText, texts } from '@murmur/contracts/errors';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { TextArea, TextField } from '../../components/Field.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { backgroundFor } from '../../lobby/backgrounds.ts';
import { useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import styles from './LobbySettings.module.css';

interface Settings {
  lobbyId: string;
  title: string;
  description: string;
  tag: string;
  backgroundId: string;
  backgrounds: string[];
  blacklist: Array<{ uid: string; username: string; profilePicUrl: string | null; reason: string }>;
  administrators: Array<{ uid: string; username: string; profilePicUrl: string | null }>;
}

const maxText = formatText(texts.maxChars, { n: limits.text });

export default function LobbySettingsPage() {
  const [search] = useSearchParams();
  const lobbyId = search.get('lobbyId');
  const navigate = useNavigate();
  const path = lobbyId ? `/lobbies/settings?lobbyId=${encodeURIComponent(lobbyId)}` : null;
  const { data, error, mutate } = useQuery<Settings>(path, { dedupingInterval: 0 });
  if (!lobbyId || error) {
    return (
      <EmptyState icon="⚙️" title="Choose a lobby first" action={<Button onClick={() => navigate('/')}>Back to home</Button>}>
        Open the settings from a lobby you own or manage.
      </EmptyState>
    );
  }
  if (!data) return <PageLoading />;
  const refresh = (position?: string) => void mutate(api.get<Settings>(path!, { minPosition: position }), { revalidate: false });
  return (
    <div className={styles.page}>
      <PageHeader title="Lobby settings" subtitle={data.title} actions={<Button variant="secondary" onClick={() => navigate(`/lobby/${lobbyId}`)}>Back to lobby</Button>} />
      <Tabs
        items={[
          { value: 'profile', label: 'Edit Profile', content: <EditProfile settings={data} onSaved={refresh} /> },
          { value: 'background', label: 'Lobby Background', content: <Backgrounds settings={data} onSaved={refresh} /> },
          { value: 'blacklist', label: 'Blacklist', content: <Blacklist settings={data} onSaved={refresh} /> },
          { value: 'admins', label: 'Administrator', content: <Admins settings={data} onSaved={refresh} /> },
          { value: 'close', label: 'Close Lobby', content: <CloseLobby lobbyId={data.lobbyId} /> },
        ]}
      />
    </div>
  );
}

function EditProfile({ settings, onSaved }: { settings: Settings; onSaved(p?: string): void }) {
  const [title, setTitle] = useState(settings.title);
  const [description, setDescription] = useState(settings.description);
  const [tag, setTag] = useState(settings.tag);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setTitle(settings.title);
    setDescription(settings.description);
    setTag(settings.tag);
  }, [settings]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = formatText(texts.required, { field: 'Title' });
    else if (title.trim().length > limits.text) found.title = maxText;
    if (description.trim().length > limits.text) found.description = maxText;
    if (tag.trim().length > limits.text) found.tag = maxText;
    setErrors(found);
    if (Object.keys(found).length) return;
    const answer = await api.post<{ position: string; message?: string }>(`/lobbies/${settings.lobbyId}/info`, { title: title.trim(), description: description.trim(), tag: tag.trim() });
    toast(answer.message ?? 'Lobby info updated.', 'success');
    onSaved(answer.position);
  };
  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <TextField id="settings-title" label="Lobby name" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
      <TextArea id="settings-description" label="Introduction" value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description} hint={`${description.length}/120`} />
      <TextField id="settings-tag" label="Tag" value={tag} onChange={(e) => setTag(e.target.value)} error={errors.tag} />
      <Button type="submit">Save</Button>
    </form>
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
            const a = await api.post<{ position: string }>(`/lobbies/${settings.lobbyId}/settings/background`, { backgroundId: b });
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
  if (settings.blacklist.length === 0) return <EmptyState icon="🚫" title="Nobody is blocked">People you block from this lobby appear here.</EmptyState>;
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
              const a = await api.post<{ position: string; message?: string }>(`/lobbies/${settings.lobbyId}/unblock`, { uidToUnblock: b.uid });
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
  if (settings.administrators.length === 0) return <EmptyState icon="🛡️" title="No lobby admins yet">Use “Set as Admin” on a member in the lobby to add one.</EmptyState>;
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
              const r = await api.post<{ position: string; message?: string }>(`/lobbies/manage/${settings.lobbyId}/admin/remove`, { uidToRemove: a.uid });
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
              await api.post(`/lobbies/${lobbyId}/close`);
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
