// The side menu, account menu and mobile tabs in the spec's order (docs/decisions/web-app.md).
import type { IconName } from '../components/Icon.tsx';

export interface MenuEntry {
  key: string;
  label: string;
  to: string;
  icon: IconName;
  external?: boolean;
  /** Shown only to users holding one of these roles. */
  roles?: string[];
}

/** The Help Center: a page of the app, unless a deployment points VITE_HELP_CENTER_URL at its own site. */
const configuredHelpUrl: string | undefined = import.meta.env?.VITE_HELP_CENTER_URL || undefined;
export const helpCenterUrl = configuredHelpUrl ?? '/help';
const helpIsExternal = configuredHelpUrl !== undefined;

export const sideMenu: MenuEntry[] = [
  { key: 'home', label: 'Home', to: '/', icon: 'home' },
  { key: 'community', label: 'Community', to: '/foryou', icon: 'community' },
  { key: 'wallet', label: 'Wallet', to: '/wallet', icon: 'wallet' },
  { key: 'messages', label: 'Messages', to: '/messages', icon: 'messages' },
  { key: 'quests', label: 'Quests', to: '/quests', icon: 'quests' },
  { key: 'leaderboards', label: 'Leaderboards', to: '/leaderboards', icon: 'trophy' },
  // The spec's interact-to-earn key: the web's own page of what can be earned (the mini-app has its Earn tab).
  { key: 'interact-to-earn', label: 'Interact to Earn', to: '/earn', icon: 'diamond' },
  { key: 'my-collections', label: 'My Collections', to: '/my-collections', icon: 'collections' },
  { key: 'referral', label: 'Refer and Earn', to: '/referral', icon: 'referral' },
  // The spec's further keys, each its own page.
  { key: 'inventory', label: 'Inventory', to: '/inventory', icon: 'image' },
  { key: 'web3-wallet', label: 'Web3 Wallet', to: '/web3-wallet', icon: 'lock' },
  { key: 'mission-center', label: 'Mission Center', to: '/mission-center', icon: 'clock' },
  { key: 'exp-frens-token', label: 'EXP for Friends', to: '/exp-frens-token', icon: 'share' },
  { key: 'fragments', label: 'Fragments', to: '/fragments', icon: 'crown' },
  { key: 'account', label: 'Account', to: '/profile', icon: 'account' },
  { key: 'guild', label: 'Guild', to: '/guild', icon: 'users', roles: ['ag'] },
  // Staff only: admins, and devs and auditors for the sections whose routes admit them (pages/Console/sections.ts).
  { key: 'console', label: 'Console', to: '/console', icon: 'shield', roles: ['ad', 'dev', 'au'] },
  { key: 'help-center', label: 'Help Center', to: helpCenterUrl, icon: 'help', external: helpIsExternal },
];

/** Account side-menu sections (docs/decisions/web-app.md), shown in the account drop-down. */
export const accountMenu: Array<{ label: string; to: string; external?: boolean }> = [
  { label: 'Profile', to: '/profile' },
  { label: 'Mission Center', to: '/mission-center' },
  { label: 'Lobby Level', to: '/lobby-level' },
  { label: 'Inventory', to: '/inventory' },
  { label: 'EXP for Friends', to: '/exp-frens-token' },
  { label: 'Become a Host', to: '/tier' },
  // Creators answer agencies' invitations and see their agency on /guild (agencies manage theirs there).
  { label: 'My Agency', to: '/guild' },
  { label: 'Help Center', to: helpCenterUrl, external: helpIsExternal },
  { label: 'Settings', to: '/settings' },
  { label: 'Privilege Center', to: '/privilege-center' },
  { label: 'Wallet', to: '/wallet' },
  { label: 'My Level', to: '/level' },
  { label: 'Referral', to: '/referral' },
];

/** The spec's home, messages, account, with Community too: a phone user must reach it as well. */
export const bottomTabs: MenuEntry[] = [
  { key: 'home', label: 'Home', to: '/', icon: 'home' },
  { key: 'community', label: 'Community', to: '/foryou', icon: 'community' },
  { key: 'messages', label: 'Messages', to: '/messages', icon: 'messages' },
  { key: 'account', label: 'Account', to: '/profile', icon: 'account' },
];

/** The entries a user with these roles may see. */
export function visibleEntries(entries: MenuEntry[], roles: readonly string[]): MenuEntry[] {
  return entries.filter((e) => !e.roles || e.roles.some((r) => roles.includes(r)));
}
