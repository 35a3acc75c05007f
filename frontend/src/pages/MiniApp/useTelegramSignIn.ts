// Signs in with Telegram's initData as soon as the mini-app opens, without a click. A reload in
// the same Telegram session keeps the session it made; a refused initData (forged, another bot's,
// too old) leaves the visitor signed out with identity's text.
import { useEffect, useState } from 'react';
import { clearSession, useSession } from '../../api/session.ts';
import { loginWithTelegram } from '../../login/signIn.ts';
import { startTelegram, telegramInitData } from '../../telegram/telegramSdk.ts';

const SIGNED_IN_WITH = 'murmur.tgSignedInWith';

// One sign-in per launch: a second one would replace the first session (one device at a time) while
// calls made with the first token are still in flight (effects run twice under StrictMode).
let inFlight: { initData: string; done: Promise<unknown> } | null = null;

function signInOnce(initData: string): Promise<unknown> {
  if (inFlight?.initData !== initData) {
    const done = loginWithTelegram(initData).then(() => sessionStorage.setItem(SIGNED_IN_WITH, initData));
    inFlight = { initData, done };
  }
  return inFlight.done;
}

export type TelegramSignIn =
  | { state: 'outside' } // not opened by Telegram
  | { state: 'signing-in' }
  | { state: 'signed-in' }
  | { state: 'refused'; message: string };

export function useTelegramSignIn(): TelegramSignIn {
  const [initData] = useState(telegramInitData);
  const token = useSession((s) => s.token);
  const [status, setStatus] = useState<TelegramSignIn>(() => {
    if (!initData) return { state: 'outside' };
    return token && sessionStorage.getItem(SIGNED_IN_WITH) === initData ? { state: 'signed-in' } : { state: 'signing-in' };
  });

  useEffect(() => {
    if (initData) startTelegram();
  }, [initData]);

  useEffect(() => {
    if (!initData || status.state !== 'signing-in') return;
    let cancelled = false;
    signInOnce(initData).then(
      () => {
        if (!cancelled) setStatus({ state: 'signed-in' });
      },
      (error: unknown) => {
        // Whoever was signed in before is not this Telegram user: the app stays signed out.
        if (useSession.getState().token) clearSession();
        if (!cancelled) setStatus({ state: 'refused', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [initData, status.state]);

  return status;
}
