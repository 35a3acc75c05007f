// The lobby's modals: entry fee, end room, closure, 18+ warning, block reason and
// create private timed room; and the audio-resume notice (not a modal).
import { moderationTexts } from '@murmur/contracts/moderation';
import { rooms } from '@murmur/contracts/constants';
import { roomBannerPresets } from '@murmur/contracts/lobbies';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextField } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { createRoomBody, createRoomErrors, reasonError, type FieldErrors } from '../../forms/validation.ts';
import { uploadMedia } from '../../social/socialApi.ts';
import { uploadError } from '../../social/uploadChecks.ts';
import styles from './Lobby.module.css';

export function JoinFeeModal({
  fee,
  balance,
  onJoin,
  onCancel,
}: {
  fee: number;
  balance: number | undefined;
  onJoin(): void;
  onCancel(): void;
}) {
  const navigate = useNavigate();
  const short = balance !== undefined && balance < fee;
  return (
    <Dialog open onOpenChange={(o) => !o && onCancel()} size="sm" title="Join this lobby" testId="join-fee-modal">
      <p className={styles.modalText}>
        Entry costs{' '}
        <strong className={styles.diamondText}>
          <Icon name="diamond" size={13} /> {fee.toLocaleString()}
        </strong>{' '}
        diamonds. You have {(balance ?? 0).toLocaleString()}.
      </p>
      <div className={styles.modalActions}>
        <Button variant="secondary" onClick={onCancel}>
          Not now
        </Button>
        {short ? (
          <Button onClick={() => navigate('/wallet?topup=1')}>Top up</Button>
        ) : (
          <Button onClick={onJoin} data-testid="pay-and-join">
            Pay and join
          </Button>
        )}
      </div>
    </Dialog>
  );
}

export function EndRoomModal({ open, onClose, onEnd }: { open: boolean; onClose(): void; onEnd(): Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} size="sm" title="End room?" testId="end-room-modal">
      <p className={styles.modalText}>Everyone will leave the lobby and the mics go quiet. This cannot be undone.</p>
      <div className={styles.modalActions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onEnd();
            } finally {
              setBusy(false);
            }
          }}
          data-testid="confirm-end"
        >
          End room
        </Button>
      </div>
    </Dialog>
  );
}

/** `platformNote`: the reason a platform operator gave for ending the lobby. */
export function ClosureModal({ open, title, platformNote }: { open: boolean; title: string; platformNote?: string | null }) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={() => navigate('/')} size="sm" title="This lobby has ended." hideClose testId="closure-modal">
      {platformNote ? (
        <p className={styles.modalText} data-testid="closure-note">
          {moderationTexts.lobbyTerminatedByPlatform} {platformNote}
        </p>
      ) : null}
      <p className={styles.modalText}>Thanks for joining “{title}”. Find another lobby to keep talking.</p>
      <Button block onClick={() => navigate('/')}>
        Back to home
      </Button>
    </Dialog>
  );
}

export function MatureWarningModal({ onAccept }: { onAccept(): void }) {
  const navigate = useNavigate();
  return (
    <Dialog open onOpenChange={() => navigate('/')} size="sm" title="18+ content" hideClose testId="mature-modal">
      <p className={styles.modalText}>
        This lobby may contain mature content. It is only for people who are 18 or older. Do you want to continue?
      </p>
      <div className={styles.modalActions}>
        <Button variant="secondary" onClick={() => navigate('/')}>
          Leave
        </Button>
        <Button onClick={onAccept}>I am 18 or older</Button>
      </div>
    </Dialog>
  );
}

/**
 * The browser refused to play the lobby's sound without a gesture (autoplay policy, e.g. after a
 * reload or a link). A notice, not a modal: it must not cover the page the person came to use, and
 * their first tap or key anywhere on the page is the gesture that lets the sound play again.
 */
export function AudioResumeNotice({ open, onResume }: { open: boolean; onResume(): void }) {
  useEffect(() => {
    if (!open) return;
    const resume = () => onResume();
    document.addEventListener('pointerdown', resume, { once: true, capture: true });
    document.addEventListener('keydown', resume, { once: true, capture: true });
    return () => {
      document.removeEventListener('pointerdown', resume, { capture: true });
      document.removeEventListener('keydown', resume, { capture: true });
    };
  }, [open, onResume]);
  if (!open) return null;
  return (
    <div className={styles.audioNotice} role="status" data-testid="audio-resume">
      <span>Your browser paused the sound of this lobby. Tap anywhere to hear everyone again.</span>
      <Button size="sm" onClick={onResume}>
        <Icon name="volume" size={16} /> Resume audio
      </Button>
    </div>
  );
}

export function BlockModal({ username, onClose, onBlock }: { username: string; onClose(): void; onBlock(reason: string): Promise<void> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = reasonError(reason);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await onBlock(reason.trim());
      onClose();
    } catch (err) {
      setError((err as ApiCallError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} size="sm" title={`Block ${username}`} testId="block-modal">
      <form onSubmit={submit} noValidate>
        <TextField
          id="block-reason"
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error}
          hint={`${reason.length}/120`}
        />
        <div className={styles.modalActions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={busy} data-testid="confirm-block">
            Block
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function CreateRoomModal({ lobbyId, onClose }: { lobbyId: string; onClose(): void }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [mins, setMins] = useState<number>(rooms.defaultDurationMin);
  const [requiredBalance, setRequiredBalance] = useState('0');
  // The banner: none, a preset's URL, or a picture of the host's own, uploaded when the room is created.
  const [banner, setBanner] = useState<string | null>(null);
  const [ownBanner, setOwnBanner] = useState<File | null>(null);
  const ownPreview = useMemo(() => (ownBanner ? URL.createObjectURL(ownBanner) : null), [ownBanner]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const pickOwn = (file: File | undefined) => {
    if (!file) return;
    const problem = uploadError(file, true);
    if (problem) return setErrors({ banner: problem });
    setErrors({});
    setOwnBanner(file);
    setBanner(null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const form = { title, mins, requiredBalance };
    const found = createRoomErrors(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const roomBannerPhoto = ownBanner ? (await uploadMedia(ownBanner, 'lobby')).fileName : banner;
      const created = await api.lobbies.createRoom({ id: lobbyId }, { ...createRoomBody(form), roomBannerPhoto }, { quiet: true });
      onClose();
      // The key in the address makes the host's URL the room's invite link.
      navigate(`/room/${created.roomId}?key=${encodeURIComponent(created.inviteKey)}`);
    } catch (err) {
      setErrors({ _: (err as ApiCallError).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Create private room"
      description="A one-on-one timed room. Your guest pays the fee to join."
      testId="create-room-modal"
    >
      <form onSubmit={submit} noValidate>
        <TextField
          id="room-title"
          label="Room title"
          placeholder="Deep talk 🌙"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={errors.title}
        />
        <div className={styles.durations} role="radiogroup" aria-label="Duration">
          {rooms.durationsMin.map((m) => (
            <button
              type="button"
              key={m}
              role="radio"
              aria-checked={mins === m}
              className={`${styles.duration} ${mins === m ? styles.durationOn : ''}`}
              onClick={() => setMins(m)}
            >
              <strong>{m}</strong> min
            </button>
          ))}
        </div>
        {errors.mins ? <p className={styles.formError}>{errors.mins}</p> : null}
        <TextField
          id="room-fee"
          label="Fee in diamonds"
          inputMode="numeric"
          value={requiredBalance}
          onChange={(e) => setRequiredBalance(e.target.value)}
          error={errors.requiredBalance}
        />
        <div className={styles.bannerPicker} role="radiogroup" aria-label="Room banner" data-testid="room-banner-picker">
          <button
            type="button"
            role="radio"
            aria-checked={banner === null && !ownBanner}
            className={`${styles.bannerChoice} ${banner === null && !ownBanner ? styles.bannerChoiceOn : ''}`}
            onClick={() => {
              setBanner(null);
              setOwnBanner(null);
            }}
          >
            <span className={styles.bannerNone}>No banner</span>
          </button>
          {roomBannerPresets.map((p) => (
            <button
              type="button"
              key={p.id}
              role="radio"
              aria-checked={banner === p.url}
              aria-label={p.label}
              className={`${styles.bannerChoice} ${banner === p.url ? styles.bannerChoiceOn : ''}`}
              onClick={() => {
                setBanner(p.url);
                setOwnBanner(null);
              }}
              data-testid={`room-banner-${p.id}`}
            >
              <img src={p.url} alt="" />
            </button>
          ))}
          <label className={`${styles.bannerChoice} ${ownBanner ? styles.bannerChoiceOn : ''}`} aria-label="Your own picture">
            {ownPreview ? (
              <img src={ownPreview} alt="" />
            ) : (
              <span className={styles.bannerNone}>
                <Icon name="image" size={16} /> Upload
              </span>
            )}
            <input type="file" hidden accept="image/*" onChange={(e) => pickOwn(e.target.files?.[0])} data-testid="room-banner-upload" />
          </label>
        </div>
        {errors.banner ? <p className={styles.formError}>{errors.banner}</p> : null}
        {errors._ ? <p className={styles.formError}>{errors._}</p> : null}
        <div className={styles.modalActions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} data-testid="create-room-submit">
            Create room
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
