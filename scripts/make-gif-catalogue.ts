// Draws the GIF and sticker catalogue shipped with the web app into frontend/public/gifs:
// animated GIFs (frames drawn as SVG, rendered and joined by sharp) and animated SVG stickers.
// Run once after changing query-api/src/gifs/catalogue.ts: `npx tsx scripts/make-gif-catalogue.ts`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { catalogueFile, gifCatalogue, type CatalogueEntry } from '../query-api/src/gifs/catalogue.ts';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../frontend/public/gifs');
const FRAMES = 12;
const W = 160;
const H = 120;

type Motion = 'bounce' | 'shake' | 'zoom' | 'swing' | 'slide';
type Decoration = 'confetti' | 'rain' | 'notes' | 'stars' | 'heart' | 'flame' | 'sparkles' | 'mic' | 'wave';

interface GifArt {
  caption: string;
  from: string;
  to: string;
  motion: Motion;
  decoration: Decoration;
  /** A sticker's drawing (its id) that moves above the caption, which then stays still below it. */
  figure?: string;
}

const gifArt: Record<string, GifArt> = {
  hello: { caption: 'Hello!', from: '#7c3aed', to: '#db2777', motion: 'bounce', decoration: 'wave' },
  welcome: { caption: 'Welcome', from: '#0ea5e9', to: '#6366f1', motion: 'slide', decoration: 'sparkles' },
  lol: { caption: 'LOL', from: '#f59e0b', to: '#ef4444', motion: 'shake', decoration: 'sparkles' },
  gg: { caption: 'GG', from: '#16a34a', to: '#0f766e', motion: 'zoom', decoration: 'stars' },
  wow: { caption: 'WOW', from: '#9333ea', to: '#f43f5e', motion: 'zoom', decoration: 'sparkles' },
  love: { caption: 'Love it', from: '#be185d', to: '#f472b6', motion: 'bounce', decoration: 'heart' },
  bravo: { caption: 'Bravo!', from: '#ca8a04', to: '#ea580c', motion: 'swing', decoration: 'confetti' },
  party: { caption: 'Party!', from: '#4f46e5', to: '#c026d3', motion: 'bounce', decoration: 'confetti' },
  thanks: { caption: 'Thank you', from: '#0891b2', to: '#22c55e', motion: 'swing', decoration: 'heart' },
  aww: { caption: 'Aww', from: '#334155', to: '#1e3a8a', motion: 'bounce', decoration: 'rain' },
  yes: { caption: 'YES!', from: '#15803d', to: '#65a30d', motion: 'zoom', decoration: 'confetti' },
  nope: { caption: 'Nope', from: '#991b1b', to: '#7f1d1d', motion: 'shake', decoration: 'sparkles' },
  lit: { caption: 'Lit', from: '#1c1917', to: '#7c2d12', motion: 'bounce', decoration: 'flame' },
  sing: { caption: 'Sing along', from: '#6d28d9', to: '#0e7490', motion: 'swing', decoration: 'notes' },
  'good-night': { caption: 'Good night', from: '#0f172a', to: '#312e81', motion: 'slide', decoration: 'stars' },
  'mic-drop': { caption: 'Mic drop', from: '#111827', to: '#4b5563', motion: 'slide', decoration: 'mic' },
  cat: { caption: 'Meow', from: '#7c3aed', to: '#f59e0b', motion: 'swing', decoration: 'sparkles', figure: 'cat' },
  dog: { caption: 'Woof!', from: '#0e7490', to: '#65a30d', motion: 'bounce', decoration: 'stars', figure: 'dog' },
  happy: { caption: 'So happy', from: '#f59e0b', to: '#ec4899', motion: 'bounce', decoration: 'confetti', figure: 'happy' },
  angry: { caption: 'Grr!', from: '#7f1d1d', to: '#ea580c', motion: 'shake', decoration: 'sparkles', figure: 'angry' },
  cry: { caption: 'So sad', from: '#1e3a8a', to: '#334155', motion: 'bounce', decoration: 'rain', figure: 'sad' },
  dance: { caption: "Let's dance", from: '#c026d3', to: '#2563eb', motion: 'swing', decoration: 'notes' },
  bye: { caption: 'Bye bye', from: '#0f766e', to: '#7c3aed', motion: 'slide', decoration: 'wave' },
  hug: { caption: 'Hugs', from: '#db2777', to: '#f59e0b', motion: 'zoom', decoration: 'heart', figure: 'happy' },
  cool: { caption: 'Cool', from: '#0284c7', to: '#1e293b', motion: 'swing', decoration: 'sparkles', figure: 'cool' },
  kiss: { caption: 'Mwah', from: '#be123c', to: '#a855f7', motion: 'zoom', decoration: 'heart', figure: 'in-love' },
  hmm: { caption: 'Hmm…', from: '#475569', to: '#0f766e', motion: 'swing', decoration: 'sparkles', figure: 'thinking' },
  sorry: { caption: 'Sorry', from: '#6366f1', to: '#0ea5e9', motion: 'bounce', decoration: 'heart', figure: 'sad' },
  'good-morning': { caption: 'Good morning', from: '#f97316', to: '#facc15', motion: 'slide', decoration: 'sparkles' },
  birthday: { caption: 'Happy B-day', from: '#9333ea', to: '#f43f5e', motion: 'bounce', decoration: 'confetti' },
  omg: { caption: 'OMG', from: '#4c1d95', to: '#db2777', motion: 'zoom', decoration: 'sparkles', figure: 'shocked' },
};

const palette = ['#fde047', '#f472b6', '#60a5fa', '#4ade80', '#f97316', '#c084fc'];

function captionTransform(motion: Motion, t: number): string {
  const s = Math.sin(t * Math.PI * 2);
  switch (motion) {
    case 'bounce':
      return `translate(0 ${(-Math.abs(s) * 12).toFixed(1)})`;
    case 'shake':
      return `translate(${(Math.sin(t * Math.PI * 8) * 6).toFixed(1)} 0) rotate(${(s * 4).toFixed(1)} 80 62)`;
    case 'zoom': {
      const k = 1 + 0.22 * Math.abs(s);
      return `translate(80 62) scale(${k.toFixed(3)}) translate(-80 -62)`;
    }
    case 'swing':
      return `rotate(${(s * 9).toFixed(1)} 80 40)`;
    case 'slide': {
      const x = t < 0.4 ? (1 - t / 0.4) * -160 : 0;
      return `translate(${x.toFixed(1)} 0)`;
    }
  }
}

function decorationSvg(decoration: Decoration, t: number, night: boolean): string {
  const parts: string[] = [];
  switch (decoration) {
    case 'confetti':
      for (let i = 0; i < 14; i++) {
        const x = (i * 37) % W;
        const y = ((i * 23 + t * H * 1.2) % (H + 10)) - 10;
        parts.push(
          `<rect x="${x}" y="${y.toFixed(1)}" width="6" height="9" rx="1" fill="${palette[i % palette.length]}" transform="rotate(${((t * 360 + i * 40) % 360).toFixed(0)} ${x + 3} ${(y + 4).toFixed(1)})"/>`,
        );
      }
      break;
    case 'rain':
      parts.push('<ellipse cx="80" cy="18" rx="40" ry="12" fill="#cbd5e1"/><ellipse cx="60" cy="22" rx="22" ry="10" fill="#e2e8f0"/>');
      for (let i = 0; i < 8; i++) {
        const x = 48 + i * 9;
        const y = 30 + ((i * 11 + t * 90) % 80);
        parts.push(
          `<line x1="${x}" y1="${y.toFixed(1)}" x2="${x - 2}" y2="${(y + 8).toFixed(1)}" stroke="#93c5fd" stroke-width="2" stroke-linecap="round"/>`,
        );
      }
      break;
    case 'notes':
      for (let i = 0; i < 4; i++) {
        const x = 20 + i * 38;
        const y = H - ((t * 110 + i * 27) % 110);
        parts.push(
          `<g fill="#fde68a" opacity="0.85"><ellipse cx="${x}" cy="${y.toFixed(1)}" rx="6" ry="4.5"/><rect x="${x + 4}" y="${(y - 20).toFixed(1)}" width="2.5" height="20"/></g>`,
        );
      }
      break;
    case 'stars':
      for (let i = 0; i < 9; i++) {
        const x = 12 + ((i * 53) % 140);
        const y = 10 + ((i * 29) % 40);
        const o = 0.3 + 0.7 * Math.abs(Math.sin((t + i / 9) * Math.PI * 2));
        parts.push(`<circle cx="${x}" cy="${y}" r="${(1.5 + o * 1.5).toFixed(1)}" fill="#fefce8" opacity="${o.toFixed(2)}"/>`);
      }
      if (night) parts.push('<circle cx="132" cy="24" r="12" fill="#fef3c7"/><circle cx="137" cy="20" r="11" fill="#1e1b4b"/>');
      break;
    case 'heart': {
      const k = 1 + 0.18 * Math.abs(Math.sin(t * Math.PI * 4));
      parts.push(
        `<g transform="translate(134 24) scale(${k.toFixed(3)})"><path d="M0 10 C-10 2 -14 -4 -14 -9 C-14 -14 -10 -17 -6 -17 C-3 -17 -1 -15 0 -13 C1 -15 3 -17 6 -17 C10 -17 14 -14 14 -9 C14 -4 10 2 0 10 Z" fill="#fb7185" stroke="#fff" stroke-width="1.5"/></g>`,
      );
      parts.push(
        `<g transform="translate(26 98) scale(${(2.2 - k).toFixed(3)})"><path d="M0 8 C-8 2 -11 -3 -11 -7 C-11 -11 -8 -13 -5 -13 C-2 -13 -1 -12 0 -10 C1 -12 2 -13 5 -13 C8 -13 11 -11 11 -7 C11 -3 8 2 0 8 Z" fill="#fda4af"/></g>`,
      );
      break;
    }
    case 'flame': {
      const k = 1 + 0.2 * Math.sin(t * Math.PI * 6);
      parts.push(
        `<g transform="translate(80 116) scale(1 ${k.toFixed(3)})"><path d="M0 0 C-30 0 -34 -30 -14 -52 C-14 -38 -6 -34 -4 -40 C-6 -56 4 -70 14 -78 C10 -60 34 -46 30 -20 C28 -6 16 0 0 0 Z" fill="#f97316" opacity="0.85"/><path d="M0 0 C-14 0 -16 -14 -6 -26 C-4 -18 4 -18 4 -28 C14 -18 16 0 0 0 Z" fill="#fde047"/></g>`,
      );
      break;
    }
    case 'sparkles':
      for (let i = 0; i < 6; i++) {
        const x = 14 + ((i * 61) % 136);
        const y = 14 + ((i * 37) % 92);
        const k = Math.abs(Math.sin((t * 2 + i / 6) * Math.PI));
        parts.push(
          `<path transform="translate(${x} ${y}) scale(${(k * 0.9 + 0.1).toFixed(2)})" d="M0 -8 L2 -2 L8 0 L2 2 L0 8 L-2 2 L-8 0 L-2 -2 Z" fill="#fff" opacity="0.9"/>`,
        );
      }
      break;
    case 'mic': {
      const y = t < 0.6 ? -30 + (t / 0.6) * 120 : 90;
      parts.push(
        `<g transform="translate(132 ${y.toFixed(1)}) rotate(${t < 0.6 ? 0 : 70})"><rect x="-4" y="0" width="8" height="26" rx="3" fill="#9ca3af"/><circle cx="0" cy="-4" r="9" fill="#e5e7eb" stroke="#6b7280" stroke-width="2"/></g>`,
      );
      break;
    }
    case 'wave': {
      const a = Math.sin(t * Math.PI * 4) * 25;
      parts.push(
        `<g transform="rotate(${a.toFixed(1)} 134 60)"><rect x="124" y="26" width="20" height="30" rx="9" fill="#fcd34d"/>${[0, 1, 2, 3].map((i) => `<rect x="${125 + i * 5}" y="12" width="4.5" height="20" rx="2.2" fill="#fcd34d"/>`).join('')}<rect x="118" y="34" width="8" height="16" rx="4" fill="#fcd34d" transform="rotate(-30 122 42)"/></g>`,
      );
      break;
    }
  }
  return parts.join('');
}

function gifFrame(art: GifArt, t: number): string {
  if (art.figure) return figureFrame(art, t);
  const size = art.caption.length > 10 ? Math.floor(150 / (art.caption.length * 0.62)) : art.caption.length > 6 ? 24 : 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>
${decorationSvg(art.decoration, t, art.caption === 'Good night')}
<g transform="${captionTransform(art.motion, t)}"><text x="80" y="${62 + size / 3}" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" text-anchor="middle" fill="#fff" stroke="rgba(0,0,0,0.35)" stroke-width="1.5" paint-order="stroke">${art.caption}</text></g>
</svg>`;
}

/** A sticker's drawing, 64 px, moving above a still caption. */
function figureFrame(art: GifArt, t: number): string {
  const body = stickerArt[art.figure!]?.body;
  if (!body) throw new Error(`no sticker art ${art.figure}`);
  const size = art.caption.length > 8 ? 18 : 24;
  // The caption motions move around the frame's middle (80, 62); the figure's middle is (80, 38).
  const motion = captionTransform(art.motion, t);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>
${decorationSvg(art.decoration, t, false)}
<g transform="translate(0 -24) ${motion}"><g transform="translate(48 30) scale(0.5)">${body}</g></g>
<text x="80" y="${H - 12}" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" text-anchor="middle" fill="#fff" stroke="rgba(0,0,0,0.35)" stroke-width="1.5" paint-order="stroke">${art.caption}</text>
</svg>`;
}

async function drawGif(entry: CatalogueEntry): Promise<Buffer> {
  const art = gifArt[entry.id];
  if (!art) throw new Error(`no art for ${entry.id}`);
  const frames = await Promise.all(
    Array.from({ length: FRAMES }, (_, i) =>
      sharp(Buffer.from(gifFrame(art, i / FRAMES)))
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: 90, loop: 0, effort: 7 })
    .toBuffer();
}

// ---- stickers: animated SVG (CSS keyframes), transparent, 128 x 128 ---------------------------

const face = (mouth: string, eyes: string, extra = '', fill = '#fcd34d') =>
  `<circle cx="64" cy="66" r="44" fill="${fill}" stroke="#b45309" stroke-width="3"/>${eyes}${mouth}${extra}`;
const dotEyes = '<circle cx="48" cy="58" r="5" fill="#3f2d0c"/><circle cx="80" cy="58" r="5" fill="#3f2d0c"/>';

const stickerArt: Record<string, { body: string; animation: string }> = {
  happy: {
    body: face('<path d="M44 78 Q64 98 84 78" stroke="#3f2d0c" stroke-width="5" fill="none" stroke-linecap="round"/>', dotEyes),
    animation: 'bob 1.2s ease-in-out infinite',
  },
  laugh: {
    body: face(
      '<path d="M42 74 Q64 104 86 74 Z" fill="#7c2d12"/>',
      '<path d="M40 58 L52 52 M76 52 L88 58" stroke="#3f2d0c" stroke-width="5" stroke-linecap="round"/>',
      '<path d="M30 70 q-6 10 0 16" stroke="#60a5fa" stroke-width="5" fill="none"/>',
    ),
    animation: 'shake .35s ease-in-out infinite',
  },
  'in-love': {
    body: face(
      '<path d="M46 80 Q64 96 82 80" stroke="#3f2d0c" stroke-width="5" fill="none" stroke-linecap="round"/>',
      '<path d="M48 64 C40 58 38 54 42 50 C45 47 48 49 48 52 C48 49 51 47 54 50 C58 54 56 58 48 64 Z" fill="#e11d48"/><path d="M80 64 C72 58 70 54 74 50 C77 47 80 49 80 52 C80 49 83 47 86 50 C90 54 88 58 80 64 Z" fill="#e11d48"/>',
    ),
    animation: 'beat 1s ease-in-out infinite',
  },
  cool: {
    body: face(
      '<path d="M48 82 Q66 90 82 78" stroke="#3f2d0c" stroke-width="5" fill="none" stroke-linecap="round"/>',
      '<rect x="34" y="50" width="26" height="16" rx="6" fill="#111827"/><rect x="68" y="50" width="26" height="16" rx="6" fill="#111827"/><rect x="58" y="54" width="12" height="4" fill="#111827"/>',
    ),
    animation: 'tilt 1.6s ease-in-out infinite',
  },
  sleepy: {
    body: face(
      '<ellipse cx="64" cy="84" rx="7" ry="5" fill="#3f2d0c"/>',
      '<path d="M42 60 Q48 64 54 60 M74 60 Q80 64 86 60" stroke="#3f2d0c" stroke-width="4" fill="none" stroke-linecap="round"/>',
      '<text class="z" x="96" y="30" font-family="sans-serif" font-weight="bold" font-size="20" fill="#93c5fd">z</text>',
    ),
    animation: 'bob 2.4s ease-in-out infinite',
  },
  cat: {
    body: '<path d="M26 40 L36 8 L56 30 Z M102 40 L92 8 L72 30 Z" fill="#f59e0b" stroke="#92400e" stroke-width="3"/><circle cx="64" cy="66" r="42" fill="#fbbf24" stroke="#92400e" stroke-width="3"/><circle cx="48" cy="60" r="5" fill="#1f2937"/><circle cx="80" cy="60" r="5" fill="#1f2937"/><path d="M60 72 L68 72 L64 77 Z" fill="#f472b6"/><path d="M64 77 Q58 84 52 80 M64 77 Q70 84 76 80" stroke="#1f2937" stroke-width="3" fill="none"/><path d="M20 70 L42 72 M20 80 L42 78 M108 70 L86 72 M108 80 L86 78" stroke="#92400e" stroke-width="2"/>',
    animation: 'tilt 1.4s ease-in-out infinite',
  },
  heart: {
    body: '<path d="M64 112 C26 86 10 66 10 44 C10 26 24 14 40 14 C52 14 60 22 64 30 C68 22 76 14 88 14 C104 14 118 26 118 44 C118 66 102 86 64 112 Z" fill="#f43f5e" stroke="#9f1239" stroke-width="4"/>',
    animation: 'beat .9s ease-in-out infinite',
  },
  star: {
    body: '<path d="M64 8 L80 44 L120 48 L90 74 L98 114 L64 94 L30 114 L38 74 L8 48 L48 44 Z" fill="#facc15" stroke="#a16207" stroke-width="4" stroke-linejoin="round"/><circle cx="54" cy="62" r="4" fill="#713f12"/><circle cx="74" cy="62" r="4" fill="#713f12"/>',
    animation: 'spin 3s linear infinite',
  },
  'thumbs-up': {
    body: '<path d="M34 60 L34 110 L52 110 L52 60 Z" fill="#60a5fa" stroke="#1e3a8a" stroke-width="3"/><path d="M52 62 L66 30 C70 20 84 22 82 34 L78 52 L104 52 C114 52 116 62 112 68 C116 72 114 80 108 82 C112 86 110 94 102 96 C104 102 100 108 92 108 L52 108 Z" fill="#fcd34d" stroke="#b45309" stroke-width="3" stroke-linejoin="round"/>',
    animation: 'bob 1s ease-in-out infinite',
  },
  crown: {
    body: '<path d="M14 96 L20 36 L44 64 L64 24 L84 64 L108 36 L114 96 Z" fill="#facc15" stroke="#a16207" stroke-width="4" stroke-linejoin="round"/><rect x="14" y="96" width="100" height="14" rx="4" fill="#eab308" stroke="#a16207" stroke-width="3"/><circle cx="64" cy="74" r="7" fill="#ef4444"/><circle cx="38" cy="80" r="5" fill="#3b82f6"/><circle cx="90" cy="80" r="5" fill="#22c55e"/>',
    animation: 'tilt 1.2s ease-in-out infinite',
  },
  rocket: {
    body: '<path d="M64 8 C88 24 92 60 84 88 L44 88 C36 60 40 24 64 8 Z" fill="#e5e7eb" stroke="#4b5563" stroke-width="3"/><circle cx="64" cy="46" r="10" fill="#60a5fa" stroke="#1e3a8a" stroke-width="3"/><path d="M44 70 L26 96 L46 88 Z M84 70 L102 96 L82 88 Z" fill="#ef4444"/><path class="flame" d="M50 90 Q64 126 78 90 Z" fill="#f97316"/>',
    animation: 'lift 1s ease-in-out infinite',
  },
  dog: {
    body: '<ellipse cx="28" cy="56" rx="14" ry="30" fill="#92400e" transform="rotate(18 28 56)"/><ellipse cx="100" cy="56" rx="14" ry="30" fill="#92400e" transform="rotate(-18 100 56)"/><circle cx="64" cy="64" r="40" fill="#fbbf24" stroke="#92400e" stroke-width="3"/><ellipse cx="64" cy="84" rx="22" ry="16" fill="#fde68a"/><circle cx="50" cy="58" r="5" fill="#1f2937"/><circle cx="78" cy="58" r="5" fill="#1f2937"/><ellipse cx="64" cy="76" rx="8" ry="6" fill="#1f2937"/><path d="M64 82 L64 88 M56 90 Q64 96 72 90" stroke="#1f2937" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M60 94 Q64 108 68 94 Z" fill="#f472b6"/>',
    animation: 'tilt 1s ease-in-out infinite',
  },
  sad: {
    body: face(
      '<path d="M46 90 Q64 74 82 90" stroke="#3f2d0c" stroke-width="5" fill="none" stroke-linecap="round"/>',
      '<path d="M40 56 L54 50 M88 56 L74 50" stroke="#3f2d0c" stroke-width="4" stroke-linecap="round"/><circle cx="48" cy="64" r="4.5" fill="#3f2d0c"/><circle cx="80" cy="64" r="4.5" fill="#3f2d0c"/>',
      '<path d="M44 72 q-6 12 0 16 q6 -4 0 -16 Z" fill="#60a5fa"/>',
    ),
    animation: 'bob 2s ease-in-out infinite',
  },
  angry: {
    body: face(
      '<path d="M46 90 Q64 78 82 90" stroke="#3f2d0c" stroke-width="5" fill="none" stroke-linecap="round"/>',
      '<path d="M38 50 L56 60 M90 50 L72 60" stroke="#3f2d0c" stroke-width="5" stroke-linecap="round"/><circle cx="50" cy="66" r="4.5" fill="#3f2d0c"/><circle cx="78" cy="66" r="4.5" fill="#3f2d0c"/>',
      '',
      '#f87171',
    ),
    animation: 'shake .3s ease-in-out infinite',
  },
  thinking: {
    body: face(
      '<path d="M50 86 L76 82" stroke="#3f2d0c" stroke-width="5" stroke-linecap="round"/>',
      '<path d="M40 48 Q48 42 56 48" stroke="#3f2d0c" stroke-width="4" fill="none" stroke-linecap="round"/><circle cx="48" cy="60" r="5" fill="#3f2d0c"/><circle cx="80" cy="60" r="5" fill="#3f2d0c"/>',
      '<text x="98" y="34" font-family="DejaVu Sans" font-weight="bold" font-size="30" fill="#e0e7ff">?</text>',
    ),
    animation: 'tilt 2s ease-in-out infinite',
  },
  shocked: {
    body: face(
      '<ellipse cx="64" cy="88" rx="10" ry="13" fill="#7c2d12"/>',
      '<circle cx="48" cy="58" r="9" fill="#fff" stroke="#3f2d0c" stroke-width="3"/><circle cx="80" cy="58" r="9" fill="#fff" stroke="#3f2d0c" stroke-width="3"/><circle cx="48" cy="58" r="3.5" fill="#3f2d0c"/><circle cx="80" cy="58" r="3.5" fill="#3f2d0c"/>',
    ),
    animation: 'beat .8s ease-in-out infinite',
  },
  ghost: {
    body: '<path d="M24 112 L24 56 C24 30 42 14 64 14 C86 14 104 30 104 56 L104 112 L90 100 L77 112 L64 100 L51 112 L38 100 Z" fill="#f8fafc" stroke="#64748b" stroke-width="3"/><ellipse cx="50" cy="54" rx="6" ry="9" fill="#1e293b"/><ellipse cx="78" cy="54" rx="6" ry="9" fill="#1e293b"/><ellipse cx="64" cy="78" rx="8" ry="6" fill="#1e293b"/>',
    animation: 'float 2s ease-in-out infinite',
  },
};

function stickerSvg(entry: CatalogueEntry): string {
  const art = stickerArt[entry.id];
  if (!art) throw new Error(`no art for ${entry.id}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="${entry.title}">
<title>${entry.title}</title>
<style>
@keyframes bob { 0%,100% { transform: translateY(0) } 50% { transform: translateY(-8px) } }
@keyframes shake { 0%,100% { transform: rotate(-7deg) } 50% { transform: rotate(7deg) } }
@keyframes beat { 0%,100% { transform: scale(1) } 20% { transform: scale(1.14) } 40% { transform: scale(.97) } }
@keyframes tilt { 0%,100% { transform: rotate(-8deg) } 50% { transform: rotate(8deg) } }
@keyframes spin { to { transform: rotate(360deg) } }
@keyframes lift { 0%,100% { transform: translateY(6px) } 50% { transform: translateY(-6px) } }
@keyframes float { 0%,100% { transform: translate(0, 0); opacity: 1 } 50% { transform: translate(4px, -8px); opacity: .8 } }
@keyframes rise { 0% { transform: translateY(8px); opacity: 0 } 50% { opacity: 1 } 100% { transform: translateY(-12px); opacity: 0 } }
@keyframes flicker { 0%,100% { transform: scaleY(1) } 50% { transform: scaleY(1.3) } }
.art { transform-origin: 64px 64px; transform-box: view-box; animation: ${art.animation}; }
.z { animation: rise 2s ease-in-out infinite; }
.flame { transform-box: fill-box; transform-origin: top center; animation: flicker .2s ease-in-out infinite; }
@media (prefers-reduced-motion: reduce) { .art, .z, .flame { animation: none !important; } }
</style>
<g class="art">${art.body}</g>
</svg>
`;
}

mkdirSync(out, { recursive: true });
for (const entry of gifCatalogue) {
  const file = path.join(out, catalogueFile(entry));
  if (entry.kind === 'gif') writeFileSync(file, await drawGif(entry));
  else writeFileSync(file, stickerSvg(entry));
}
console.log(`${gifCatalogue.length} files in ${out}`);
