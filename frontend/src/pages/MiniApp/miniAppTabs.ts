// The mini-app's tabs (earn, refer, engage, top, missions, inbox, home; docs/decisions/mini-app.md), in the
// spec's order, and where each lives (`/mini-app?tab=...`; home is the bare `/mini-app`).
export const miniAppTabs = [
  { key: 'earn', label: 'Earn', icon: '💎' },
  { key: 'refer', label: 'Refer', icon: '🤝' },
  { key: 'engage', label: 'Engage', icon: '🎙️' },
  { key: 'top', label: 'Top', icon: '🏆' },
  { key: 'missions', label: 'Missions', icon: '🎯' },
  { key: 'inbox', label: 'Inbox', icon: '🔔' },
  { key: 'home', label: 'Home', icon: '🏠' },
] as const;

export type MiniAppTab = (typeof miniAppTabs)[number]['key'];

export function tabOf(search: string): MiniAppTab {
  const wanted = new URLSearchParams(search).get('tab');
  return miniAppTabs.find((t) => t.key === wanted)?.key ?? 'home';
}

export const tabPath = (tab: MiniAppTab): string => (tab === 'home' ? '/mini-app' : `/mini-app?tab=${tab}`);

/** "23:59:58" until a moment (hours may pass 24), never negative. */
export function countdown(untilMs: number, nowMs: number): string {
  const left = Math.max(0, Math.floor((untilMs - nowMs) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** Links of notifications and lists that lead to a lobby stay inside the mini-app. */
export function insideMiniApp(link: string): string {
  return /^\/lobby\/[^/]/.test(link) && !link.startsWith('/lobby/settings') ? `/mini-app${link}` : link;
}
