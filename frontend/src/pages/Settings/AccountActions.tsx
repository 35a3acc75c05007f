// Settings sections: link an e-mail (the code auth/otp sends proves it) and
// delete the account (typed confirmation; the session ends and the app goes home signed out).
import { accountTexts, DELETE_CONFIRMATION, type AccountSettingsDto } from '@murmur/contracts/account-settings';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { clearSession } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextField } from '../../components/Field.tsx';
import { emailError, otpError } from '../../forms/validation.ts';
import { toast } from '../../state/ui.ts';
import styles from './Settings.module.css';

/** Link an e-mail: shown while the account has none. */
export function LinkEmail({ settings, onChange }: { settings: AccountSettingsDto | undefined; onChange(): void }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'closed' | 'email' | 'code'>('closed');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!settings || settings.credentials.some((c) => c.kind === 'email')) return null;
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = emailError(email);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await api.identity.requestOtp({ email }, { quiet: true });
      setStep('code');
    } catch (err) {
      setError((err as ApiCallError).message);
    } finally {
      setBusy(false);
    }
  };
  const link = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = otpError(code);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const res = await api.identity.linkEmail({ email, code }, { quiet: true });
      toast(res.message, 'success');
      setStep('closed');
      setCode('');
      onChange();
    } catch (err) {
      setError((err as ApiCallError).message);
    } finally {
      setBusy(false);
    }
  };
  if (step === 'closed') {
    return (
      <Button variant="secondary" size="sm" onClick={() => setStep('email')} data-testid="link-email">
        Link an e-mail
      </Button>
    );
  }
  return (
    <form className={styles.inlineForm} onSubmit={step === 'email' ? send : link} noValidate data-testid="link-email-form">
      {step === 'email' ? (
        <TextField
          id="link-email-input"
          type="email"
          label="E-mail"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          autoComplete="email"
        />
      ) : (
        <TextField
          id="link-email-code"
          label={`Enter the 6-digit code sent to ${email}`}
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          error={error}
          autoComplete="one-time-code"
        />
      )}
      <div className={styles.actions}>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            setStep('closed');
            setError(null);
          }}
        >
          Cancel
        </Button>
        <Button type="submit" size="sm" busy={busy} data-testid={step === 'email' ? 'link-email-send' : 'link-email-verify'}>
          {step === 'email' ? 'Send code' : 'Link e-mail'}
        </Button>
      </div>
    </form>
  );
}

export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await api.identity.deleteAccount({ confirmation: typed }, { quiet: true });
      // Signed out here as on every other device; the caches go with the session.
      clearSession();
      toast(res.message, 'success');
      navigate('/', { replace: true });
    } catch (e) {
      setError((e as ApiCallError).message);
      setBusy(false);
    }
  };
  return (
    <section className={`${styles.card} ${styles.danger}`} aria-labelledby="delete-title">
      <h2 id="delete-title">Delete account</h2>
      <p className={styles.hint}>Your profile, posts and sign-in methods are removed, and you are signed out everywhere.</p>
      <div className={styles.actions}>
        <Button
          variant="danger"
          onClick={() => {
            setTyped('');
            setError(null);
            setOpen(true);
          }}
          data-testid="delete-account"
        >
          Delete my account
        </Button>
      </div>
      <Dialog open={open} onOpenChange={(o) => !busy && setOpen(o)} title="Delete your account?" size="sm" testId="delete-account-dialog">
        <p className={styles.warning}>{accountTexts.deleteWarning}</p>
        <TextField
          id="delete-confirmation"
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={error}
          autoComplete="off"
        />
        <div className={styles.actions}>
          <Button variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
            Keep my account
          </Button>
          <Button
            variant="danger"
            busy={busy}
            disabled={typed !== DELETE_CONFIRMATION}
            onClick={() => void remove()}
            data-testid="delete-account-confirm"
          >
            Delete forever
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
