// The gallery: processed uploads as a grid (thumbnails for images), upload and optimistic delete.
import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { deleteGalleryItem, uploadMedia } from '../../social/socialApi.ts';
import { uploadError } from '../../social/uploadChecks.ts';
import { texts } from '@murmur/contracts/errors';
import styles from '../../social/social.module.css';
import { api } from '../../api/api.generated.ts';

export function GalleryTab({ uid, own }: { uid: string; own: boolean }) {
  const { data } = useQuery(api.social.gallery.path({ uid }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    const problem = uploadError(file);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await uploadMedia(file);
      await refreshQueries(api.social.gallery.path({ uid }));
    } catch {
      setError(texts.uploadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.list}>
      {own ? (
        <label>
          <Button variant="secondary" busy={busy} onClick={(e) => (e.currentTarget.nextElementSibling as HTMLInputElement | null)?.click()}>
            Upload
          </Button>
          <input
            type="file"
            hidden
            accept="image/*,video/*,audio/*"
            data-testid="gallery-upload-input"
            onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
          />
        </label>
      ) : null}
      {error ? <p className={styles.error}>{error}</p> : null}
      {data && data.items.length === 0 ? <EmptyState icon="🖼️" title="No media yet" /> : null}
      <div className={styles.grid}>
        {data?.items.map((item) => (
          <div key={item.filename} className={styles.tile}>
            {item.format.startsWith('video') ? (
              <video src={item.url} />
            ) : item.format.startsWith('audio') ? (
              <audio src={item.url} controls />
            ) : (
              <img src={item.thumbnailUrl ?? item.url} alt="" />
            )}
            {own ? (
              <Button className={styles.tileDelete} size="sm" variant="danger" onClick={() => void deleteGalleryItem(uid, item)}>
                ×
              </Button>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
}
