// A user's picture, or their initial on a colour derived from the name, inside the frame they wear.
import { frameLook } from '../collections/frameLooks.ts';
import styles from './Avatar.module.css';

export function Avatar({
  name,
  src,
  size = 34,
  ring,
  frame,
}: {
  name: string;
  src?: string | null;
  size?: number;
  ring?: boolean;
  frame?: string | null;
}) {
  const hue = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  const cls = `${styles.avatar} ${ring ? styles.ring : ''}`;
  const face = src ? (
    <img className={cls} src={src} alt="" width={size} height={size} style={{ width: size, height: size }} />
  ) : (
    <span
      className={cls}
      style={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        background: `linear-gradient(135deg, hsl(${hue} 70% 55%), hsl(${(hue + 50) % 360} 70% 45%))`,
      }}
      aria-hidden
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
  if (!frame) return face;
  const look = frameLook(frame);
  const width = Math.max(2, Math.round(size / 14));
  return (
    <span
      className={styles.framed}
      data-frame={frame}
      style={{ padding: width, background: look.ring, boxShadow: `0 0 ${Math.round(size / 4)}px ${look.glow}` }}
    >
      {face}
    </span>
  );
}
