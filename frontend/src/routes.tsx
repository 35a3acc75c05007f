// Every route with its lazily loaded page. To add a page: add its one line below.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AppRoute {
  path: string;
  title: string;
  page: LazyExoticComponent<ComponentType<Record<string, unknown>>>;
  /** Props for the page (the empty-state text of a page not built yet). */
  props?: Record<string, unknown>;
  /** Reachable without a token (spec: logged-out visitors go home unless on a room path). */
  public?: boolean;
}

type Page = LazyExoticComponent<ComponentType<Record<string, unknown>>>;
const page = (load: () => Promise<{ default: ComponentType<never> }>): Page =>
  lazy(load as () => Promise<{ default: ComponentType<Record<string, unknown>> }>);

export const routes: AppRoute[] = [
  { path: '/', title: 'Home', public: true, page: page(() => import('./pages/Home/HomePage.tsx')) },
  { path: '/login', title: 'Sign in', public: true, page: page(() => import('./pages/Login/LoginPage.tsx')) },
  { path: '/wallet', title: 'Wallet', page: page(() => import('./pages/Wallet/WalletPage.tsx')) },
  // Visitors may look at a public lobby (visitors can view; they sign in to chat; docs/decisions/frontend.md).
  { path: '/lobby/:lobbyId', title: 'Lobby', public: true, page: page(() => import('./pages/Lobby/LobbyPage.tsx')) },
  { path: '/lobby/settings', title: 'Lobby settings', page: page(() => import('./pages/LobbySettings/LobbySettingsPage.tsx')) },
  { path: '/room/:roomId', title: 'Private room', public: true, page: page(() => import('./pages/Room/RoomPage.tsx')) },
  { path: '/profile', title: 'Profile', page: page(() => import('./pages/Profile/ProfilePage.tsx')) },
  { path: '/edit-profile', title: 'Edit profile', page: page(() => import('./pages/EditProfile/EditProfilePage.tsx')) },
  { path: '/tier', title: 'Become a Host', page: page(() => import('./pages/Tier/TierPage.tsx')) },
  { path: '/settings', title: 'Settings', page: page(() => import('./pages/Settings/SettingsPage.tsx')) },
  { path: '/connect-quest-account', title: 'Connect quest account', page: page(() => import('./pages/Progression/QuestAccountPage.tsx')) },
  {
    path: '/inventory',
    title: 'Inventory',
    page: page(() => import('./pages/Collections/CollectionsPage.tsx')),
    props: { tab: 'inventory' },
  },
  { path: '/referral', title: 'Refer and Earn', page: page(() => import('./pages/Referral/ReferralPage.tsx')) },
  { path: '/referral/records', title: 'Reward records', page: page(() => import('./pages/Referral/ReferralRecordsPage.tsx')) },
  { path: '/messages', title: 'Messages', page: page(() => import('./pages/Messages/MessagesPage.tsx')) },
  { path: '/messages/new', title: 'New message', page: page(() => import('./pages/Messages/NewMessagePage.tsx')) },
  { path: '/web3-wallet', title: 'Web3 wallet', page: page(() => import('./pages/Web3Wallet/Web3WalletPage.tsx')) },
  { path: '/guild', title: 'Guild', page: page(() => import('./pages/Guild/GuildPage.tsx')) },
  { path: '/mission-center', title: 'Mission Center', page: page(() => import('./pages/Progression/MissionCenterPage.tsx')) },
  { path: '/level', title: 'My Level', page: page(() => import('./pages/Progression/LevelPage.tsx')) },
  { path: '/extension-history', title: 'Extension history', page: page(() => import('./pages/Booking/ExtensionHistoryPage.tsx')) },
  { path: '/about', title: 'About', public: true, page: page(() => import('./pages/About/AboutPage.tsx')) },
  { path: '/earn', title: 'Interact to Earn', page: page(() => import('./pages/Progression/EarnPage.tsx')) },
  { path: '/lobby-level', title: 'Lobby Level', page: page(() => import('./pages/Progression/LobbyLevelPage.tsx')) },
  { path: '/exp-frens-token', title: 'EXP for Friends', page: page(() => import('./pages/Progression/FrensPage.tsx')) },
  { path: '/privilege-center', title: 'Privilege Center', page: page(() => import('./pages/PrivilegeCenter/PrivilegeCenterPage.tsx')) },
  { path: '/fragments', title: 'Fragments', page: page(() => import('./pages/Progression/FragmentsPage.tsx')) },
  { path: '/my-collections', title: 'My Collections', page: page(() => import('./pages/Collections/CollectionsPage.tsx')) },
  { path: '/quests', title: 'Quests', page: page(() => import('./pages/Progression/QuestsPage.tsx')) },
  { path: '/booking', title: 'Booking', page: page(() => import('./pages/Booking/BookingPage.tsx')) },
  { path: '/booking/:bookingId', title: 'Booked session', page: page(() => import('./pages/Booking/SessionRoomPage.tsx')) },
  { path: '/leaderboards', title: 'Leaderboards', public: true, page: page(() => import('./pages/Leaderboards/LeaderboardsPage.tsx')) },
  { path: '/notifications', title: 'Notifications', page: page(() => import('./pages/Notifications/NotificationsPage.tsx')) },
  { path: '/foryou', title: 'Community', page: page(() => import('./pages/ForYou/ForYouPage.tsx')) },
  { path: '/rewards-history', title: 'Rewards history', page: page(() => import('./pages/Progression/RewardsHistoryPage.tsx')) },
  { path: '/help', title: 'Help Center', public: true, page: page(() => import('./pages/Help/HelpCenterPage.tsx')) },
  // The operators' console; sub-routes are its sections (pages/Console/sections.ts), roles checked inside.
  { path: '/console/*', title: 'Console', page: page(() => import('./pages/Console/ConsolePage.tsx')) },
  { path: '/unauthorized', title: 'No permission', public: true, page: page(() => import('./pages/Unauthorized/UnauthorizedPage.tsx')) },
];

export const NotFoundPage = page(() => import('./pages/NotFound/NotFoundPage.tsx'));

/** `/mini-app` has its own frame (no side menu; Telegram's theme, tabs and back button): main.tsx
 * mounts it beside the web app's shell. It signs in by itself, so it is open to visitors. */
/** Where the hosted checkouts return (web payment popup, e-wallet redirect): a bare page, no shell. */
export const paymentReturn = page(() => import('./pages/Wallet/PaymentReturnPage.tsx'));

export const miniApp = {
  shell: lazy(() => import('./pages/MiniApp/MiniAppShell.tsx')),
  tabs: page(() => import('./pages/MiniApp/MiniAppPage.tsx')),
  lobby: page(() => import('./pages/MiniApp/MiniAppLobby.tsx')),
};

/** Spec section 2: logged-out visitors without a token are sent home unless on a room path. */
export function mustRedirectHome(pathname: string, hasToken: boolean, route: Pick<AppRoute, 'public'> | undefined): boolean {
  if (hasToken) return false;
  if (pathname.startsWith('/room/') || pathname === '/room') return false;
  return !route?.public;
}
