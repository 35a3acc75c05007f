// A gift's artwork (served from /gifts/<name>.svg), with an emoji when the file is missing.
import { useState } from 'react';

const emoji: Record<string, string> = {
  rose: '🌹',
  coffee: '☕',
  heart: '💖',
  star: '⭐',
  teddy: '🧸',
  fireworks: '🎆',
  crown: '👑',
  'wishing-well': '⛲',
  rocket: '🚀',
  castle: '🏰',
  'valentine-box': '💝',
};

export function GiftIcon({ name, src, size = 48 }: { name: string; src?: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (failed || !src)
    return (
      <span style={{ fontSize: size * 0.8, lineHeight: `${size}px`, height: size, display: 'inline-block' }} aria-hidden>
        {emoji[name] ?? '🎁'}
      </span>
    );
  return <img src={src} alt="" width={size} height={size} onError={() => setFailed(true)} />;
}
