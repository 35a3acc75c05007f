// The chat's GIF and sticker picker: a search box over the configured provider (the catalogue
// shipped with the app by default), results as a grid; picking one sends it.
import { gifTexts, type GifItem, type GifKind } from '@murmur/contracts/gifs';
import { useEffect, useState } from 'react';
import { searchGifs } from './gifSearch.ts';
import styles from './Chat.module.css';

const unavailable = gifTexts.unavailable;

export function GifPicker({ kind, onPick }: { kind: GifKind; onPick(item: GifItem): void }) {
  const [q, setQ] = useState('');
  const [items, setItems] = useState<GifItem[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A short pause after typing, so a word is one request rather than one per letter.
  useEffect(() => {
    let live = true;
    const t = setTimeout(
      () => {
        searchGifs(q, kind)
          .then((r) => {
            if (!live) return;
            setItems(r.items);
            setNext(r.next);
            setError(null);
          })
          .catch(() => live && setError(unavailable));
      },
      q ? 250 : 0,
    );
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [q, kind]);

  const more = () =>
    void searchGifs(q, kind, next)
      .then((r) => {
        setItems((current) => [...(current ?? []), ...r.items]);
        setNext(r.next);
      })
      .catch(() => setError(unavailable));

  const noun = kind === 'gif' ? 'GIFs' : 'stickers';
  return (
    <div className={styles.gifPicker} data-testid={`${kind}-picker`}>
      <input
        className={styles.gifSearch}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={`Search ${noun}`}
        aria-label={`Search ${noun}`}
        autoFocus
        data-testid={`${kind}-search`}
      />
      {error ? <p className={styles.pickerNote}>{error}</p> : null}
      {items && items.length === 0 && !error ? (
        <p className={styles.pickerNote}>
          No {noun} for “{q}”. Try another word.
        </p>
      ) : null}
      <div className={`${styles.gifGrid} ${kind === 'sticker' ? styles.stickerGrid : ''}`}>
        {(items ?? []).map((item) => (
          <button
            key={item.id}
            type="button"
            className={styles.gifTile}
            onClick={() => onPick(item)}
            title={item.title}
            data-testid={`${kind}-${item.id}`}
          >
            <img src={item.previewUrl} alt={item.title} loading="lazy" />
          </button>
        ))}
      </div>
      {next ? (
        <button type="button" className={styles.moreGifs} onClick={more}>
          More {noun}
        </button>
      ) : null}
    </div>
  );
}
