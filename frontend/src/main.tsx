// Entry of the web app: theme, router with the routes table, the shell around every page.
import { StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useLocation } from 'react-router';
import { actingToken, useSession } from './api/session.ts';
import { PageLoading } from './components/PageLoading.tsx';
import { AppShell } from './shell/AppShell.tsx';
import { SignInRedirect } from './shell/SignInRedirect.tsx';
import { rememberReferralCode } from './login/signIn.ts';
import { reportRenderError, startErrorReporting } from './observability/errorReporting.ts';
import { miniApp, mustRedirectHome, NotFoundPage, paymentReturn as PaymentReturn, routes, type AppRoute } from './routes.tsx';
import './state/theme.ts';
import './styles/theme.css';

function Guarded({ route, children }: { route?: Pick<AppRoute, 'public'>; children: ReactNode }) {
  // Before the terms step the server serves the account as a visitor: pages for members wait for it.
  const token = useSession(actingToken);
  const { pathname, search } = useLocation();
  if (mustRedirectHome(pathname, !!token, route)) return <SignInRedirect from={`${pathname}${search}`} />;
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

// Before any redirect drops the query string of a shared referral link.
rememberReferralCode(window.location.search);
void startErrorReporting();

const router = createBrowserRouter([
  {
    path: '/mini-app',
    element: (
      <Suspense fallback={<PageLoading />}>
        <miniApp.shell />
      </Suspense>
    ),
    children: [
      {
        index: true,
        element: (
          <Suspense fallback={<PageLoading />}>
            <miniApp.tabs />
          </Suspense>
        ),
      },
      {
        path: 'lobby/:lobbyId',
        element: (
          <Suspense fallback={<PageLoading />}>
            <miniApp.lobby />
          </Suspense>
        ),
      },
    ],
  },
  {
    path: '/wallet/payment-return',
    element: (
      <Guarded>
        <PaymentReturn />
      </Guarded>
    ),
  },
  {
    element: <AppShell />,
    children: [
      ...routes.map((route) => ({
        path: route.path,
        element: (
          <Guarded route={route}>
            <route.page title={route.title} {...route.props} />
          </Guarded>
        ),
      })),
      {
        path: '*',
        element: (
          <Guarded route={{ public: true }}>
            <NotFoundPage />
          </Guarded>
        ),
      },
    ],
  },
]);

createRoot(document.getElementById('root')!, { onCaughtError: reportRenderError, onUncaughtError: reportRenderError }).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
