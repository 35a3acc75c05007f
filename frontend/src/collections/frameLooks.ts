// How each wearable frame is drawn around an avatar: a ring of its colours (the catalogue holds the
// item, this module only its look). An unknown frame id falls back to a neutral ring.
export interface FrameLook {
  /** CSS background of the ring (a gradient). */
  ring: string;
  glow: string;
}

const looks: Record<string, FrameLook> = {
  'frame-gold': { ring: 'conic-gradient(from 0deg, #fde68a, #f59e0b, #fef3c7, #d97706, #fde68a)', glow: 'rgba(251, 191, 36, 0.55)' },
  'frame-rose': { ring: 'conic-gradient(from 30deg, #fda4af, #e11d48, #fecdd3, #be123c, #fda4af)', glow: 'rgba(244, 63, 94, 0.5)' },
  'frame-castle': { ring: 'conic-gradient(from 0deg, #a78bfa, #4c1d95, #c4b5fd, #7c3aed, #a78bfa)', glow: 'rgba(139, 92, 246, 0.55)' },
  'frame-valentine': { ring: 'conic-gradient(from 0deg, #f9a8d4, #db2777, #fbcfe8, #9d174d, #f9a8d4)', glow: 'rgba(236, 72, 153, 0.5)' },
  'frame-diamond': { ring: 'conic-gradient(from 0deg, #a5f3fc, #0891b2, #ecfeff, #0e7490, #a5f3fc)', glow: 'rgba(34, 211, 238, 0.5)' },
  'vip-frame': { ring: 'conic-gradient(from 0deg, #fbbf24, #7c3aed, #fbbf24, #ec4899, #fbbf24)', glow: 'rgba(251, 191, 36, 0.6)' },
};

export function frameLook(frameId: string): FrameLook {
  return looks[frameId] ?? { ring: 'linear-gradient(135deg, #94a3b8, #475569)', glow: 'rgba(148, 163, 184, 0.4)' };
}
