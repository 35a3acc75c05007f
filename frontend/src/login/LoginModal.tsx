// The login modal (docs/decisions/identity.md): default (methods), OTP (6-digit code, countdown, resend),
// terms (only when onboarding is unfinished) and success.
import { limits } from '@murmur/contracts/constants';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { API_BASE, ApiCallError } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { Button } from '../components/Button.tsx';
import { useSession } from '../api/session.ts';
import { Dialog } from '../components/Dialog.tsx';
import { TextField } from '../components/Field.tsx';
import { emailError, mobileError, otpError } from '../forms/validation.ts';
import { refreshQueries } from '../state/query.ts';
import { useUi } from '../state/ui.ts';
import { birthdayError } from './age.ts';
import { forgetPendingCode, pendingCode, rememberCodeSent, secondsUntilResend } from './pendingCode.ts';
import {
  browserWallet,
  completeOnboarding,
  loginAsGuest,
  loginWithBrowserWallet,
  loginWithEmail,
  loginWithMobile,
  loginWithProvider,
  loginWithSolanaWallet,
  loginWithTelegram,
  requestEmailCode,
  requestMobileCode,
  solanaBrowserWallet,
  WalletRejected,
  type AuthState,
} from './signIn.ts';
import { telegramInitData } from '../telegram/telegramSdk.ts';
import { ProviderCancelled, useIdentityProviders } from './identityProviders.ts';
import { useAnnouncedWallets } from '../wallet/announcedWallets.ts';
import { WalletConnectButton } from './WalletConnectButton.tsx';
import styles from './LoginModal.module.css';

type Step = 'default' | 'email' | 'mobile' | 'otp' | 'terms' | 'success';
/** Where a code goes: a mobile number starts with +, an e-mail address never does. */
type Channel = 'email' | 'mobile';
const channelOf = (address: string): Channel => (address.trim().startsWith('+') ? 'mobile' : 'email');

/** What differs between a code by e-mail and by SMS; the steps are the same. */
export const channels = {
  email: {
    label: 'E-mail',
    type: 'email',
    placeholder: 'you@example.com',
    inputMode: 'email',
    autoComplete: 'email',
    invalid: emailError,
    request: requestEmailCode,
    login: loginWithEmail,
    again: 'Use another e-mail',
    devInbox: (a: string) => `${API_BASE}${api.identity.devMailboxPage.path({ email: a })}`,
    devInboxName: 'the dev mailbox',
  },
  mobile: {
    label: 'Mobile number',
    type: 'tel',
    placeholder: '+63 917 123 4567',
    inputMode: 'tel',
    autoComplete: 'tel',
    invalid: mobileError,
    request: requestMobileCode,
    login: loginWithMobile,
    again: 'Use another number',
    devInbox: (a: string) => `${API_BASE}${api.identity.devSmsPage.path({ to: a })}`,
    devInboxName: 'the dev SMS inbox',
  },
} as const;

/** A number as the server keeps it (E.164): what the code was sent to. */
const normalized = (channel: Channel, address: string) => (channel === 'mobile' ? address.replace(/[\s().-]/g, '') : address.trim());

export default function LoginModal() {
  // Telegram's launch data, read by the bundled SDK: present only when Telegram opened us.
  const [tgInitData] = useState(telegramInitData);
  // The identity providers configured here (none: no buttons).
  const idp = useIdentityProviders();
  // Browser wallets that announce themselves (EIP-6963): one button each; none: window.ethereum's.
  const announced = useAnnouncedWallets();
  const setOpen = useUi((s) => s.setLoginOpen);
  // A signed-in user who has not done the terms step starts there (after a reload, or a refused
  // command); a code sent before the modal was closed goes back to its step, countdown running (pendingCode.ts).
  const [step, setStep] = useState<Step>(() => {
    const claims = useSession.getState().claims;
    if (claims && !claims.onboarded) return 'terms';
    return pendingCode() ? 'otp' : 'default';
  });
  const [address, setAddress] = useState(() => pendingCode()?.email ?? '');
  const [channel, setChannel] = useState<Channel>(() => channelOf(pendingCode()?.email ?? ''));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const afterSignIn = (state: AuthState) => {
    setError(null);
    setStep(state.hasFinishedOnboarding ? 'success' : 'terms');
  };

  const run = async (key: string, task: () => Promise<void>) => {
    setBusy(key);
    setError(null);
    try {
      await task();
    } catch (e) {
      if (e instanceof WalletRejected || e instanceof ProviderCancelled) setStep('default');
      else setError(e instanceof ApiCallError || e instanceof Error ? e.message : 'Oops, something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={setOpen}
      size="sm"
      title={<span className={styles.title}>Win friends around the world</span>}
      description="Find Your Player Two"
      testId="login-modal"
    >
      <div className={styles.hero} aria-hidden>
        <span>🎙️</span>
        <span>💎</span>
        <span>🎁</span>
      </div>
      {step === 'default' ? (
        <div className={styles.methods}>
          {idp?.mobile ? (
            <Button
              block
              size="lg"
              onClick={() => {
                setChannel('mobile');
                setAddress('');
                setStep('mobile');
              }}
              data-testid="login-mobile"
            >
              📱 Continue with Mobile Number
            </Button>
          ) : null}
          <Button
            block
            size="lg"
            variant={idp?.mobile ? 'secondary' : 'primary'}
            onClick={() => {
              setChannel('email');
              setAddress('');
              setStep('email');
            }}
            data-testid="login-email"
          >
            ✉️ Continue with E-mail
          </Button>
          {idp?.providers.map((p) => (
            <Button
              key={p.id}
              block
              size="lg"
              variant="secondary"
              busy={busy === p.id}
              onClick={() => run(p.id, async () => afterSignIn(await loginWithProvider(idp, p.id)))}
              data-testid={`login-provider-${p.id.split('.')[0]}`}
            >
              {p.id === 'google.com' ? 'G' : '𝕏'} Continue with {p.name}
            </Button>
          ))}
          {announced.length > 0 ? (
            announced.map((w) => (
              <Button
                key={w.uuid}
                block
                size="lg"
                variant="secondary"
                busy={busy === w.uuid}
                onClick={() => run(w.uuid, async () => afterSignIn(await loginWithBrowserWallet(w.provider)))}
                data-testid={`login-wallet-${w.rdns}`}
              >
                {w.icon ? <img src={w.icon} alt="" width={20} height={20} className={styles.walletIcon} /> : '🦊'} Continue with {w.name}
              </Button>
            ))
          ) : (
            <Button
              block
              size="lg"
              variant="secondary"
              busy={busy === 'wallet'}
              disabled={!browserWallet()}
              title={browserWallet() ? undefined : 'No browser wallet found'}
              onClick={() => run('wallet', async () => afterSignIn(await loginWithBrowserWallet()))}
              data-testid="login-wallet"
            >
              🦊 Continue with Browser Wallet
            </Button>
          )}
          {idp?.walletConnect ? (
            <WalletConnectButton
              projectId={idp.walletConnect.projectId}
              busy={busy === 'walletconnect'}
              onClick={(connect) => run('walletconnect', async () => afterSignIn(await connect()))}
            />
          ) : null}
          <Button
            block
            size="lg"
            variant="secondary"
            busy={busy === 'solana'}
            disabled={!solanaBrowserWallet()}
            title={solanaBrowserWallet() ? undefined : 'No Solana wallet found'}
            onClick={() => run('solana', async () => afterSignIn(await loginWithSolanaWallet()))}
            data-testid="login-solana"
          >
            ◎ Continue with Solana Wallet
          </Button>
          {tgInitData ? (
            <Button
              block
              size="lg"
              variant="secondary"
              busy={busy === 'telegram'}
              onClick={() => run('telegram', async () => afterSignIn(await loginWithTelegram(tgInitData)))}
              data-testid="login-telegram"
            >
              ✈️ Continue with Telegram
            </Button>
          ) : (
            <p className={styles.telegramHint} data-testid="telegram-hint">
              ✈️ On Telegram? Open Murmur from our bot: the mini-app signs you in by itself.
            </p>
          )}
          <div className={styles.divider}>
            <span>or</span>
          </div>
          <Button
            block
            variant="ghost"
            busy={busy === 'guest'}
            onClick={() => run('guest', async () => afterSignIn(await loginAsGuest()))}
            data-testid="login-guest"
          >
            Continue as Guest
          </Button>
          {error ? (
            <p className={styles.error} role="alert" data-testid="login-error">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
      {step === 'email' || step === 'mobile' ? (
        <AddressStep
          channel={channel}
          address={address}
          setAddress={setAddress}
          onBack={() => setStep('default')}
          onSent={() => setStep('otp')}
        />
      ) : null}
      {step === 'otp' ? <OtpStep channel={channel} address={address} onBack={() => setStep(channel)} onSignedIn={afterSignIn} /> : null}
      {step === 'terms' ? <TermsStep onDone={() => setStep('success')} /> : null}
      {step === 'success' ? (
        <div className={styles.success} data-testid="login-success">
          <div className={styles.check}>✓</div>
          <h3>You are in!</h3>
          <p>Find a lobby, take the mic and make new friends.</p>
          <Button block size="lg" onClick={() => setOpen(false)}>
            Let&apos;s go
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}

function AddressStep({
  channel,
  address,
  setAddress,
  onBack,
  onSent,
}: {
  channel: Channel;
  address: string;
  setAddress(v: string): void;
  onBack(): void;
  onSent(): void;
}) {
  const c = channels[channel];
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = c.invalid(address);
    setError(invalid);
    if (invalid) return;
    const to = normalized(channel, address);
    setAddress(to);
    // The code sent to this address a moment ago is still good: enter it rather than wait.
    if (secondsUntilResend(to) > 0) return onSent();
    setBusy(true);
    try {
      await c.request(to);
      rememberCodeSent(to);
      onSent();
    } catch (err) {
      const wait =
        err instanceof ApiCallError && err.status === 429
          ? (err.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds
          : undefined;
      if (wait !== undefined && wait <= limits.emailCodeSeconds) {
        // A code went out earlier (another tab, a closed modal): its countdown is the server's.
        rememberCodeSent(to, Date.now() - (limits.emailCodeSeconds - wait) * 1000);
        return onSent();
      }
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      {channel === 'mobile' ? (
        <p className={styles.lead}>Enter your mobile number with its country code. We will text you a 6-digit code.</p>
      ) : null}
      <TextField
        id={`login-${channel}-input`}
        label={c.label}
        type={c.type}
        inputMode={c.inputMode}
        autoComplete={c.autoComplete}
        placeholder={c.placeholder}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        error={error}
        autoFocus
      />
      <Button block size="lg" type="submit" busy={busy} data-testid="send-code">
        Send code
      </Button>
      <Button block variant="ghost" type="button" onClick={onBack} className={styles.back}>
        Back
      </Button>
    </form>
  );
}

function useCountdown(initial: number) {
  const [left, setLeft] = useState(initial);
  const restart = () => setLeft(limits.emailCodeSeconds);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((l) => l - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return { left, restart };
}

function OtpStep({
  channel,
  address,
  onBack,
  onSignedIn,
}: {
  channel: Channel;
  address: string;
  onBack(): void;
  onSignedIn(s: AuthState): void;
}) {
  const c = channels[channel];
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { left, restart } = useCountdown(secondsUntilResend(address));
  const input = useRef<HTMLInputElement>(null);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const invalid = otpError(code);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const state = await c.login(address.trim(), code);
      forgetPendingCode();
      onSignedIn(state);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(null);
    try {
      await c.request(address.trim());
      rememberCodeSent(address.trim());
      restart();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const mm = String(Math.floor(left / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');
  return (
    <form onSubmit={submit} noValidate>
      <p className={styles.lead}>
        Enter the 6-digit code we sent to <strong>{address}</strong>
      </p>
      <div className={styles.otp} onClick={() => input.current?.focus()}>
        <input
          ref={input}
          id="otp-input"
          className={styles.otpInput}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={limits.emailCodeDigits}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, limits.emailCodeDigits))}
          aria-label="6-digit code"
          autoFocus
        />
        {Array.from({ length: limits.emailCodeDigits }, (_, i) => (
          <span key={i} className={`${styles.otpBox} ${i === code.length ? styles.otpCurrent : ''}`}>
            {code[i] ?? ''}
          </span>
        ))}
      </div>
      {error ? (
        <p className={styles.error} role="alert" data-testid="otp-error">
          {error}
        </p>
      ) : null}
      <Button block size="lg" type="submit" busy={busy} data-testid="verify-code">
        Verify
      </Button>
      <p className={styles.resend}>
        {left > 0 ? (
          <>
            Resend code in{' '}
            <strong>
              {mm}:{ss}
            </strong>
          </>
        ) : (
          <button type="button" className={styles.link} onClick={resend}>
            Resend code
          </button>
        )}
      </p>
      {import.meta.env?.DEV ? (
        <p className={styles.resend}>
          Demo:{' '}
          <a className={styles.link} href={c.devInbox(address.trim())} target="_blank" rel="noreferrer" data-testid="dev-inbox-link">
            open {c.devInboxName}
          </a>
        </p>
      ) : null}
      <Button block variant="ghost" type="button" onClick={onBack}>
        {c.again}
      </Button>
    </form>
  );
}

function TermsStep({ onDone }: { onDone(): void }) {
  const [birthday, setBirthday] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = birthdayError(birthday);
    setError(invalid);
    if (invalid || !agreed) return;
    setBusy(true);
    try {
      await completeOnboarding(birthday, false);
      await refreshQueries('/user/me');
      onDone();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="terms-step">
      <h3 className={styles.stepTitle}>Terms and Conditions</h3>
      <p className={styles.lead}>
        Murmur is for adults. Confirm you are at least 18 years old and accept our terms of service and community guidelines.
      </p>
      <TextField id="birthday" label="Birthday" type="date" value={birthday} onChange={(e) => setBirthday(e.target.value)} error={error} />
      <label className={styles.agree}>
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="agree-checkbox" />
        <span>I am at least 18 years old and I accept the terms and conditions.</span>
      </label>
      <Button block size="lg" type="submit" disabled={!agreed} busy={busy} data-testid="agree">
        I Agree
      </Button>
    </form>
  );
}
