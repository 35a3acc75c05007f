// Settings: a "link" button for each identity provider configured here and not linked yet.
// The provider's popup proves the account; `user/credentials/link-provider` verifies its
// ID token and adds it as a way to sign in ("This account is already linked to another Murmur
// account." when it signs in someone else). A closed popup says nothing.
import type { AccountSettingsDto } from '@murmur/contracts/account-settings';
import type { IdentityProviderId } from '@murmur/contracts/identity';
import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { linkProvider, ProviderCancelled, useIdentityProviders } from '../../login/identityProviders.ts';
import { toast } from '../../state/ui.ts';
import styles from './Settings.module.css';

export function LinkProviders({ settings, onChange }: { settings: AccountSettingsDto | undefined; onChange(): void }) {
  const config = useIdentityProviders();
  const [busy, setBusy] = useState<IdentityProviderId | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!settings || !config) return null;
  const missing = config.providers.filter((p) => !settings.credentials.some((c) => c.kind === 'provider' && c.provider === p.id));
  if (missing.length === 0) return null;
  const link = async (id: IdentityProviderId) => {
    setBusy(id);
    setError(null);
    try {
      toast(await linkProvider(config, id), 'success');
      onChange();
    } catch (e) {
      if (!(e instanceof ProviderCancelled)) setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {error ? (
        <p className={styles.error} role="alert" data-testid="link-provider-error">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        {missing.map((p) => (
          <Button
            key={p.id}
            variant="secondary"
            size="sm"
            busy={busy === p.id}
            disabled={busy !== null}
            onClick={() => void link(p.id)}
            data-testid={`link-provider-${p.id.split('.')[0]}`}
          >
            Link {p.name}
          </Button>
        ))}
      </div>
    </>
  );
}
