// Lobby backgrounds and category looks: CSS gradients keyed by the ids contracts allow.
export const backgroundCss: Record<string, string> = {
  'bg-default': 'linear-gradient(135deg, #2a1f4d 0%, #1a1530 60%, #3b1d3f 100%)',
  'bg-aurora': 'linear-gradient(135deg, #0f3b3a 0%, #1b2a5c 50%, #4a1d5e 100%)',
  'bg-neon': 'linear-gradient(135deg, #3a0ca3 0%, #7209b7 50%, #f72585 100%)',
  'bg-sunset': 'linear-gradient(135deg, #5f2c82 0%, #b33f62 55%, #f3a953 100%)',
  'bg-galaxy': 'radial-gradient(circle at 30% 20%, #4c3a8f 0%, #14102a 60%, #07060f 100%)',
  'bg-karaoke': 'linear-gradient(135deg, #ff006e 0%, #8338ec 50%, #3a86ff 100%)',
};

export const categoryEmoji: Record<string, string> = {
  all: '✨',
  chatting: '💬',
  event: '🎉',
  gaming: '🎮',
  karaoke: '🎤',
  party: '🥳',
};

export const categoryLabel: Record<string, string> = {
  all: 'All',
  chatting: 'Chatting',
  event: 'Event',
  gaming: 'Gaming',
  karaoke: 'Karaoke',
  party: 'Party',
};

export const languageLabel: Record<string, string> = { ENG: 'English', FIL: 'Filipino', ES: 'Español' };

export function backgroundFor(id: string | undefined): string {
  return backgroundCss[id ?? ''] ?? backgroundCss['bg-default']!;
}
