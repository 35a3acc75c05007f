// A signed-out visitor (or one whose terms step is not done) on a page that needs an account: say why, open the sign-in modal, go home,
// and come back to that page once signed in (ReturnAfterSignIn).
import { texts } from '@murmur/contracts/errors';
import { identityTexts } from '@murmur/contracts/identity';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { actingToken, termsPending, useSession } from '../api/session.ts';
import { toast, useUi } from '../state/ui.ts';

export function SignInRedirect({ from }: { from: string }) {
  useEffect(() => {
    // Signed in but the terms step is not done: that is what stands between them and the page.
    toast(termsPending(useSession.getState()) ? texts.onboardingRequired : identityTexts.signInToSeePage, 'info');
    useUi.getState().requireSignIn(from);
  }, [from]);
  return <Navigate to="/" replace />;
}

/** In the shell: once a sign-in completes, back to the page the visitor was sent away from. */
export function ReturnAfterSignIn() {
  const navigate = useNavigate();
  // Signed in AND past the terms step: closing the step at its first view is no sign-in.
  const token = useSession(actingToken);
  const returnTo = useUi((s) => s.returnTo);
  const loginOpen = useUi((s) => s.loginOpen);
  useEffect(() => {
    if (!returnTo) return;
    if (token && !loginOpen) {
      useUi.getState().clearReturnTo();
      navigate(returnTo);
    } else if (!token && !loginOpen) {
      // The modal was closed without signing in: stay home.
      useUi.getState().clearReturnTo();
    }
  }, [token, loginOpen, returnTo, navigate]);
  return null;
}
