// The app frame: side menu (desktop), top bar with balance and account, bottom tabs (phone), the
// mobile-coming-soon announcement, toasts, the server-error modal and the login modal.
import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { setHomeNavigator } from '../api/client.ts';
import { useBalance, useMe } from '../api/me.ts';
import { actingToken, termsPending, useSession } from '../api/session.ts';
import { texts } from '@murmur/contracts/errors';
import { Avatar } from '../components/Avatar.tsx';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { Icon } from '../components/Icon.tsx';
import { Menu } from '../components/Menu.tsx';
import { Toaster } from '../components/Toast.tsx';
import { readLocal, writeLocal } from '../state/store.ts';
import { useTheme } from '../state/theme.ts';
import { useUi } from '../state/ui.ts';
import { logout } from '../login/logout.ts';
import { DmNotifier } from './DmNotifier.tsx';
import { useAudioSync } from '../settings/audioSync.ts';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { NotificationNotifier } from '../notifications/NotificationNotifier.tsx';
import { LiveUser } from './LiveUser.tsx';
import { ReturnAfterSignIn } from './SignInRedirect.tsx';
import { UnreadBadge } from './UnreadBadge.tsx';
import { accountMenu, bottomTabs, sideMenu, visibleEntries } from './menu.ts';
import { useMyLevel } from '../pages/Progression/progressionApi.ts';
import styles from './AppShell.module.css';

const LoginModal = lazy(() => import('../login/LoginModal.tsx'));

export function AppShell() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => setHomeNavigator(() => navigate('/')), [navigate]);
  useAudioSync();
  const loginOpen = useUi((s) => s.loginOpen);
  // Signed in but the terms step (18+) is not done: it comes back on every load until it is.
  const needsTerms = useSession(termsPending);
  useEffect(() => {
    if (needsTerms) useUi.getState().setLoginOpen(true);
  }, [needsTerms]);
  // The lobby and room stages run edge to edge; the lobby settings page is an ordinary page.
  const inLobby = /^\/(lobby|room)\//.test(location.pathname) && location.pathname !== '/lobby/settings';

  return (
    <div className={styles.shell}>
      <SideMenu />
      <div className={styles.main}>
        <TopBar />
        <MobileNotice />
        {/* The lobby and room pages say it in their own banner, above the stage. */}
        {needsTerms && !loginOpen && !inLobby ? <TermsRequired /> : null}
        <main className={`${styles.content} ${inLobby ? styles.wide : ''}`}>
          <Outlet />
        </main>
      </div>
      <BottomTabs />
      <Toaster />
      <LiveUser />
      <ReturnAfterSignIn />
      <DmNotifier />
      <NotificationNotifier />
      <ServerErrorModal />
      {loginOpen ? (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The terms step was closed: until it is accepted the account is a visitor here, and this says why. */
function TermsRequired() {
  const openLogin = useUi((s) => s.setLoginOpen);
  return (
    <div className={styles.termsRequired} role="note" data-testid="terms-required">
      <p>{texts.onboardingRequired}</p>
      <Button size="sm" onClick={() => openLogin(true)} data-testid="open-terms">
        Accept the terms
      </Button>
    </div>
  );
}

function Logo() {
  return (
    <NavLink to="/" className={styles.logo}>
      <img src="/favicon.svg" alt="" width={30} height={30} />
      <span>Murmur</span>
    </NavLink>
  );
}

const noRoles: string[] = [];

function SideMenu() {
  const roles = useSession((s) => s.claims?.roles ?? noRoles);
  return (
    <nav className={styles.side} aria-label="Main menu">
      <Logo />
      <ul className={styles.menu}>
        {visibleEntries(sideMenu, roles).map((entry) => (
          <li key={entry.key}>
            {entry.external ? (
              <a className={styles.menuItem} href={entry.to} target="_blank" rel="noreferrer">
                <Icon name={entry.icon} />
                <span>{entry.label}</span>
              </a>
            ) : (
              <NavLink
                to={entry.to}
                end={entry.to === '/'}
                className={({ isActive }) => `${styles.menuItem} ${isActive ? styles.active : ''}`}
              >
                <Icon name={entry.icon} />
                <span>{entry.label}</span>
                {entry.key === 'messages' ? <UnreadBadge /> : null}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.sideFoot}>
        <p>Talk, play and send gifts with people around the world.</p>
      </div>
    </nav>
  );
}

function TopBar() {
  const token = useSession((s) => s.token);
  // Signed in with the terms step to do: no balance or level to show yet (the server would refuse them).
  const acting = useSession(actingToken);
  const { data: me } = useMe();
  const { diamonds } = useBalance();
  const { data: level } = useMyLevel(Boolean(acting));
  const { theme, toggle } = useTheme();
  const openLogin = useUi((s) => s.setLoginOpen);
  const navigate = useNavigate();

  return (
    <header className={styles.top}>
      <div className={styles.topLogo}>
        <Logo />
      </div>
      <div className={styles.topSpacer} />
      <button
        className={styles.iconButton}
        onClick={toggle}
        aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        title="Theme"
      >
        <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      </button>
      {token && !acting ? (
        <>
          {/* The banner under the bar says why and reopens the step; here only the way out. */}
          <Menu
            align="end"
            label={me?.username ?? 'Account'}
            trigger={
              <button className={styles.avatarButton} aria-label="Account menu" data-testid="account-menu">
                <Avatar name={me?.username ?? '?'} src={me?.profilePicUrl} />
              </button>
            }
            actions={[{ label: 'Log out', tone: 'danger' as const, onSelect: () => void logout().then(() => navigate('/')) }]}
          />
        </>
      ) : token ? (
        <>
          <NotificationBell className={styles.iconButton} />
          <NavLink to="/wallet" className={styles.balance} data-testid="balance-chip" title="Diamonds">
            <Icon name="diamond" size={16} />
            <span data-testid="balance">{diamonds === undefined ? '—' : diamonds.toLocaleString()}</span>
            <span className={styles.plus}>+</span>
          </NavLink>
          <Menu
            align="end"
            label={me ? `${me.username} · Level ${level?.level ?? 1} · ${level?.expPercentage ?? 0}%` : 'Account'}
            trigger={
              <button className={styles.avatarButton} aria-label="Account menu" data-testid="account-menu">
                <Avatar name={me?.username ?? '?'} src={me?.profilePicUrl} />
                {level ? (
                  <span
                    className={styles.levelDot}
                    data-testid="account-level"
                    title={`Level ${level.level}, ${level.expPercentage}% to the next`}
                  >
                    {level.level}
                  </span>
                ) : null}
              </button>
            }
            actions={[
              ...accountMenu.map((item) => ({
                label: item.label,
                onSelect: () => (item.external ? window.open(item.to, '_blank', 'noreferrer') : navigate(item.to)),
              })),
              { label: 'Log out', tone: 'danger' as const, onSelect: () => void logout().then(() => navigate('/')) },
            ]}
          />
        </>
      ) : (
        <Button onClick={() => openLogin(true)} data-testid="sign-in">
          Sign in
        </Button>
      )}
    </header>
  );
}

function BottomTabs() {
  return (
    <nav className={styles.tabs} aria-label="Tabs">
      {bottomTabs.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.to}
          end={tab.to === '/'}
          className={({ isActive }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`}
        >
          <span className={styles.tabIcon}>
            <Icon name={tab.icon} size={22} />
            {tab.key === 'messages' ? <UnreadBadge compact /> : null}
          </span>
          <span>{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

const MOBILE_NOTICE_KEY = 'murmur.mobileNoticeSeen';

/** The product prefers desktop; phones get a one-time announcement (docs/decisions/frontend.md). */
function MobileNotice() {
  const [open, setOpen] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 760px)').matches && readLocal(MOBILE_NOTICE_KEY) !== '1',
  );
  if (!open) return null;
  return (
    <div className={styles.mobileNotice} role="status" data-testid="mobile-notice">
      <span>📱 Mobile support is coming soon. For the full experience, use Murmur on a desktop browser.</span>
      <button
        onClick={() => {
          writeLocal(MOBILE_NOTICE_KEY, '1');
          setOpen(false);
        }}
        aria-label="Dismiss"
      >
        ×
      </button>
    </div>
  );
}

function ServerErrorModal() {
  const open = useUi((s) => s.serverErrorOpen);
  const setOpen = useUi((s) => s.setServerErrorOpen);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="sm"
      title="Server error"
      testId="server-error-modal"
      footer={
        <Button onClick={() => window.location.reload()} variant="secondary">
          Reload
        </Button>
      }
    >
      <p style={{ margin: 0, color: 'var(--text-dim)' }}>Oops, something went wrong. Please try again.</p>
    </Dialog>
  );
}
