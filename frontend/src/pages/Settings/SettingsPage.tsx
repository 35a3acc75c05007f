// Settings (docs/decisions/identity.md): the ways to sign in and unlinking them,
// mature content (18+ only, after the warning and consent), the monthly price of a subscription to
// you, mobile early access (the waitlist flag), theme, lobby audio, other devices.
import { accountTexts, credentialKindNames, type AccountSettingsDto, type LinkedCredentialDto } from '@murmur/contracts/account-settings';
import { texts } from '@murmur/contracts/errors';
import { subscriptionLimits } from '@murmur/contracts/subscriptions';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { useMe } from '../../api/me.ts';
import { actingUid, useSession } from '../../api/session.ts';
import { PriceForm } from '../Profile/Subscription.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { setDefaultVolume, setMutedByMe, useVolumes } from '../../media/volumes.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { useTheme } from '../../state/theme.ts';
import { toast } from '../../state/ui.ts';
import { DeleteAccount, LinkEmail } from './AccountActions.tsx';
import { LinkProviders } from './LinkProviders.tsx';
import { LinkWallets } from './LinkWallets.tsx';
import styles from './Settings.module.css';

export default function SettingsPage() {
  const { data: settings, mutate } = useQuery(api.identity.settings.path(), { dedupingInterval: 0 });
  return (
    <div className={styles.page} data-testid="settings-page">
      <PageHeader title="Settings" subtitle="Your sign-in methods, content, look and sound." />
      <LinkedAccounts settings={settings} onChange={() => void mutate()} />
      <MatureContent settings={settings} onChange={() => void mutate()} />
      <SubscriptionPrice />
      <MobileEarlyAccess />
      <Appearance />
      <Audio />
      <Devices />
      <DeleteAccount />
    </div>
  );
}

/** The providers' names as the sign-in buttons say them (the credential keeps the provider's id). */
const providerNames: Record<string, string> = { 'google.com': 'Google', 'twitter.com': 'X' };

function credentialLabel(c: LinkedCredentialDto): string {
  if (c.kind === 'provider') return c.provider ? `Signed in with ${providerNames[c.provider] ?? c.provider}` : credentialKindNames.provider;
  return credentialKindNames[c.kind];
}

function LinkedAccounts({ settings, onChange }: { settings: AccountSettingsDto | undefined; onChange(): void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const unlink = async (c: LinkedCredentialDto) => {
    setBusy(`${c.kind}:${c.key}`);
    setError(null);
    try {
      await api.identity.unlinkCredential({ kind: c.kind, key: c.key }, { quiet: true });
      toast(`${credentialLabel(c)} unlinked.`, 'success');
      onChange();
      void refreshQueries('/wallet/blockchain');
    } catch (e) {
      setError((e as ApiCallError).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="linked-title">
      <h2 id="linked-title">Linked accounts</h2>
      <p className={styles.hint}>Each of these signs you in. You always keep at least one.</p>
      <div className={styles.list} data-testid="linked-accounts">
        {settings?.credentials.map((c) => (
          <div key={`${c.kind}:${c.key}`} className={styles.row} data-testid="linked-account">
            <span className={styles.name}>
              {credentialLabel(c)}
              <small>{c.key}</small>
            </span>
            <Button size="sm" variant="secondary" busy={busy === `${c.kind}:${c.key}`} onClick={() => void unlink(c)}>
              Unlink
            </Button>
          </div>
        ))}
        {settings && settings.credentials.length === 0 ? (
          <p className={styles.hint}>You are signed in as a guest: link a wallet or sign in with e-mail to keep this account.</p>
        ) : null}
      </div>
      {error ? (
        <p className={styles.error} role="alert" data-testid="unlink-error">
          {error}
        </p>
      ) : null}
      <LinkEmail settings={settings} onChange={onChange} />
      <LinkProviders settings={settings} onChange={onChange} />
      <LinkWallets settings={settings} onChange={onChange} />
    </section>
  );
}

function MatureContent({ settings, onChange }: { settings: AccountSettingsDto | undefined; onChange(): void }) {
  const [asking, setAsking] = useState(false);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async (showNSFW: boolean) => {
    setBusy(true);
    try {
      await api.identity.changeSettings({ showNSFW });
      toast('Settings saved', 'success');
      onChange();
      void refreshQueries('/user/me');
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };
  const adult = settings?.adult ?? false;
  return (
    <section className={styles.card} aria-labelledby="mature-title">
      <h2 id="mature-title">Mature content</h2>
      <label className={styles.switchRow}>
        <input
          type="checkbox"
          role="switch"
          data-testid="mature-switch"
          checked={settings?.showNSFW ?? false}
          disabled={!settings || !adult || busy}
          onChange={(e) => {
            if (e.target.checked) {
              setConsent(false);
              setAsking(true);
            } else void save(false);
          }}
        />
        <span className={styles.switchTrack} aria-hidden />
        <span>Show 18+ lobbies and posts</span>
      </label>
      {settings && !adult ? (
        <p className={styles.hint} data-testid="mature-too-young">
          {texts.minAge}
        </p>
      ) : (
        <p className={styles.hint}>Only for people aged 18 or older, after your consent.</p>
      )}
      <Dialog open={asking} onOpenChange={(o) => !o && setAsking(false)} title="18+ mature content" size="sm" testId="mature-warning">
        <p className={styles.warning}>{accountTexts.matureWarning}</p>
        <label className={styles.consent}>
          <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} data-testid="mature-consent" />
          <span>{accountTexts.matureConsent}</span>
        </label>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button disabled={!consent} busy={busy} onClick={() => void save(true)} data-testid="mature-confirm">
            Show mature content
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

/** What a subscription to you costs: anyone may offer one (the profile's Subscribe button appears once a price is set). */
function SubscriptionPrice() {
  const uid = useSession(actingUid);
  const { data: view } = useQuery(uid ? api.social.profile.path({ uid }) : null);
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  // The profile's "Subscription price" link lands here.
  useEffect(() => {
    if (hash === '#subscription' && view) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, view]);
  const price = view?.subscription.price ?? null;
  return (
    <section
      className={styles.card}
      aria-labelledby="subscription-title"
      id="subscription"
      ref={section}
      data-testid="settings-subscription"
    >
      <h2 id="subscription-title">Subscription price</h2>
      <p className={styles.hint} data-testid="subscription-price-now">
        {price === null
          ? `You do not offer a subscription yet. Set a monthly price and a Subscribe button appears on your profile: subscribers read your subscriber feed for ${subscriptionLimits.days} days.`
          : `Subscribers pay ${price.toLocaleString()} 💎 for ${subscriptionLimits.days} days of your subscriber feed. A new price applies to new subscriptions and renewals.`}
      </p>
      {/* Keyed on the saved price, so the field shows it once it is read. */}
      {view ? <PriceForm key={String(price)} view={view} /> : null}
    </section>
  );
}

/** The waitlist flag (docs/decisions/identity.md): the mobile app's early access, opened by an operator. */
function MobileEarlyAccess() {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <section className={styles.card} aria-labelledby="early-access-title" data-testid="waitlist-status" data-waitlist={me.isWaitlist}>
      <h2 id="early-access-title">Mobile app early access</h2>
      <p className={styles.hint}>
        {me.isWaitlist
          ? "You're on the waitlist. Mobile support is coming soon: we let people in a few at a time, and this page will say so when it's your turn."
          : "You're in: your account has early access to the mobile app as it opens."}
      </p>
    </section>
  );
}

function Appearance() {
  const { theme, toggle } = useTheme();
  return (
    <section className={styles.card} aria-labelledby="theme-title">
      <h2 id="theme-title">Theme</h2>
      <div className={styles.choices} role="radiogroup" aria-label="Theme">
        {(['dark', 'light'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="radio"
            aria-checked={theme === t}
            className={`${styles.choice} ${theme === t ? styles.choiceOn : ''}`}
            onClick={() => theme !== t && toggle()}
            data-testid={`theme-${t}`}
          >
            {t === 'dark' ? 'Dark' : 'Light'}
          </button>
        ))}
      </div>
      <p className={styles.hint}>Kept in this browser.</p>
    </section>
  );
}

function Audio() {
  const { defaultVolume = 100, mutes } = useVolumes();
  return (
    <section className={styles.card} aria-labelledby="audio-title">
      <h2 id="audio-title">Lobby sound</h2>
      <label className={styles.range}>
        <span>Default volume</span>
        <input
          type="range"
          min={0}
          max={100}
          value={defaultVolume}
          onChange={(e) => setDefaultVolume(Number(e.target.value))}
          data-testid="default-volume"
          aria-label="Default volume"
        />
        <output data-testid="default-volume-value">{defaultVolume}</output>
      </label>
      <p className={styles.hint}>Everyone you have not set a volume for plays at this level. Saved to your account.</p>
      {mutes.length > 0 ? (
        <div className={styles.list} data-testid="muted-users">
          {mutes.map((uid) => (
            <div key={uid} className={styles.row}>
              <span className={styles.name}>
                Muted by you
                <small>{uid}</small>
              </span>
              <Button size="sm" variant="secondary" onClick={() => setMutedByMe(uid, false)}>
                Unmute
              </Button>
            </div>
          ))}
        </div>
      ) : (
        <p className={styles.hint}>You have muted nobody. Mute someone from a lobby's volume controls.</p>
      )}
    </section>
  );
}

function Devices() {
  const [busy, setBusy] = useState(false);
  const endOthers = async () => {
    setBusy(true);
    try {
      const res = await api.identity.endOtherSessions();
      toast(res.message, 'success');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="devices-title">
      <h2 id="devices-title">Devices</h2>
      <p className={styles.hint}>Signed in somewhere you no longer use? Sign out everywhere but here.</p>
      <div className={styles.actions}>
        <Button variant="secondary" busy={busy} onClick={() => void endOthers()} data-testid="end-other-sessions">
          Sign out of other devices
        </Button>
      </div>
    </section>
  );
}
