// The mini-app frame (`/mini-app/*`): signs in with Telegram without a click, follows Telegram's
// theme and viewport, a compact header, the spec's seven tabs at the bottom, Telegram's back button
// inside a lobby or off the home tab, the 3-step tutorial once, and the terms step when needed.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { identityTexts } from '@murmur/contracts/identity';
import { useBalance } from '../../api/me.ts';
import { useSession } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Toaster } from '../../components/Toast.tsx';
import { NotificationBell } from '../../notifications/NotificationBell.tsx';
import { NotificationNotifier } from '../../notifications/NotificationNotifier.tsx';
import { LiveUser } from '../../shell/LiveUser.tsx';
import { refreshQueries } from '../../state/query.ts';
import { useUi } from '../../state/ui.ts';
import { haptic, setTelegramBackButton } from '../../telegram/telegramSdk.ts';
import { miniAppTabs, tabOf, tabPath } from './miniAppTabs.ts';
import { Tutorial } from './Tutorial.tsx';
import { useTelegramSignIn } from './useTelegramSignIn.ts';
import styles from './MiniApp.module.css';

const LoginModal = lazy(() => import('../../login/LoginModal.tsx'));

export default function MiniAppShell() {
  const signIn = useTelegramSignIn();
  const member = useSession((s) => !!s.token && !!s.claims && !s.claims.anonymous);
  const needsTerms = useSession((s) => !!s.claims && !s.claims.onboarded);
  const loginOpen = useUi((s) => s.loginOpen);
  const navigate = useNavigate();
  const location = useLocation();
  const tab = tabOf(location.search);
  const inLobby = location.pathname.startsWith('/mini-app/lobby/');

  // The terms step comes first for a new account; what was refused before it is read again after.
  const hadTerms = useRef(false);
  useEffect(() => {
    if (needsTerms) {
      hadTerms.current = true;
      useUi.getState().setLoginOpen(true);
    } else if (hadTerms.current) {
      hadTerms.current = false;
      void refreshQueries('/');
    }
  }, [needsTerms]);

  // Telegram's back button: out of a lobby to Engage, from any other tab to Home.
  useEffect(() => {
    if (inLobby) return setTelegramBackButton(() => navigate(tabPath('engage')));
    if (tab !== 'home') return setTelegramBackButton(() => navigate(tabPath('home')));
    return setTelegramBackButton(null);
  }, [inLobby, tab, navigate]);

  let body;
  if (signIn.state === 'signing-in') body = <PageLoading label="Signing you in with Telegram…" />;
  else if (signIn.state === 'refused') body = <SignedOut reason={signIn.message} />;
  else if (!member) body = <SignedOut reason={null} />;
  // A new account answers the terms step first; the tabs' calls would only be refused until then.
  else if (needsTerms) body = <PageLoading label="Finish signing up to continue." />;
  else body = <Outlet />;
  const ready = member && !needsTerms && signIn.state !== 'refused';

  return (
    <div className={styles.app} data-testid="mini-app" data-signed-in={member && signIn.state !== 'refused'}>
      <MiniHeader showAccount={ready} />
      <main className={`${styles.content} ${inLobby ? styles.flush : ''}`}>{body}</main>
      {ready ? (
        <>
          <nav className={styles.tabs} aria-label="Mini-app tabs">
            {miniAppTabs.map((t) => {
              const on = !inLobby && t.key === tab;
              return (
                <button
                  key={t.key}
                  className={`${styles.tab} ${on ? styles.tabOn : ''}`}
                  aria-current={on ? 'page' : undefined}
                  data-testid={`mini-tab-${t.key}`}
                  onClick={() => {
                    haptic.selection();
                    navigate(tabPath(t.key));
                  }}
                >
                  <span aria-hidden>{t.icon}</span>
                  <span>{t.label}</span>
                </button>
              );
            })}
          </nav>
          {loginOpen ? null : <Tutorial />}
          <NotificationNotifier />
          <LiveUser />
        </>
      ) : null}
      <Toaster />
      {loginOpen && member ? (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      ) : null}
    </div>
  );
}

function MiniHeader({ showAccount }: { showAccount: boolean }) {
  return (
    <header className={styles.header}>
      <Link to="/mini-app" className={styles.brand}>
        <img src="/favicon.svg" alt="" width={26} height={26} />
        <span>Murmur</span>
      </Link>
      <span className={styles.spacer} />
      {showAccount ? <AccountChips /> : null}
    </header>
  );
}

/** Balance and bell, read only once the account may read them (after the terms step). */
function AccountChips() {
  const { diamonds } = useBalance();
  return (
    <>
      <Link to="/wallet" className={styles.chip} data-testid="mini-balance-chip">
        💎 {diamonds === undefined ? '—' : diamonds.toLocaleString('en-US')}
      </Link>
      <NotificationBell className={styles.bell} to={tabPath('inbox')} />
    </>
  );
}

/** Not signed in: opened outside Telegram, or Telegram's data was refused (forged or too old). */
function SignedOut({ reason }: { reason: string | null }) {
  return (
    <div className={styles.center} data-testid="mini-signed-out">
      <div style={{ fontSize: 56 }} aria-hidden>
        ✈️
      </div>
      {reason ? (
        <>
          <h2 className={styles.cardTitle}>We could not sign you in</h2>
          <p className={styles.error} role="alert" data-testid="mini-signin-error">
            {reason}
          </p>
          <p className={styles.muted}>
            {reason === identityTexts.telegramStale
              ? 'Close the mini-app and open it again from the bot.'
              : 'Open Murmur from our Telegram bot to sign in.'}
          </p>
        </>
      ) : (
        <>
          <h2 className={styles.cardTitle}>Murmur for Telegram</h2>
          <p className={styles.muted}>
            Open Murmur from our Telegram bot: the mini-app signs you in with your Telegram account, no password needed.
          </p>
        </>
      )}
      <Link to="/">
        <Button variant="secondary">Continue on the web</Button>
      </Link>
    </div>
  );
}
