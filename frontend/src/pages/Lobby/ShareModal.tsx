// Share a lobby: an invite link (created on open) and its QR code (qrcode loaded on demand).
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { lobbyActions } from '../../lobby/lobbyActions.ts';
import { toast } from '../../state/ui.ts';
import styles from './Lobby.module.css';

export function ShareModal({ lobbyId, open, onClose, signedIn }: { lobbyId: string; open: boolean; onClose(): void; signedIn: boolean }) {
  const [link, setLink] = useState(`${window.location.origin}/lobby/${lobbyId}`);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    void (async () => {
      let url = `${window.location.origin}/lobby/${lobbyId}`;
      if (signedIn) {
        try {
          const invite = await lobbyActions.invite(lobbyId);
          url = `${window.location.origin}${invite.link}`;
        } catch {
          /* staff-only or closed: share the plain link */
        }
      }
      const { default: QRCode } = await import('qrcode');
      const data = await QRCode.toDataURL(url, { margin: 1, width: 220, color: { dark: '#1a1530', light: '#ffffff' } });
      if (!cancelled) {
        setLink(url);
        setQr(data);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [open, lobbyId, signedIn]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast('Link copied', 'success');
    } catch {
      toast('Copy the link from the box.', 'info');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      size="sm"
      title="Share lobby"
      description="Invite friends with the link or the QR code."
      testId="share-modal"
    >
      <div className={styles.share}>
        <div className={styles.qr}>
          {qr ? (
            <img src={qr} alt="QR code of the lobby link" width={200} height={200} data-testid="share-qr" />
          ) : (
            <span className={styles.qrLoading} />
          )}
        </div>
        <div className={styles.linkRow}>
          <input readOnly value={link} data-testid="share-link" onFocus={(e) => e.currentTarget.select()} />
          <Button size="sm" onClick={copy}>
            Copy
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
