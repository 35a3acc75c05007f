// What the identity routes run with: settings and the mailer, in CommandDeps.identity (built from the
// environment by buildCommandApi; tests pass their own).
import { IdentityConfig, readIdentityConfig } from './config.ts';
import { ProviderKeySets } from './identity-provider.ts';
import { SmtpMailer, type Mailer } from './mailer.ts';

export interface IdentityRuntime {
  config: IdentityConfig;
  mailer: Mailer;
  providerKeys: ProviderKeySets;
}

/** Builds a runtime from environment-style settings (defaults fill the rest). */
export function createIdentityRuntime(settings: Partial<Record<keyof IdentityConfig, string>> = {}, mailer?: Mailer): IdentityRuntime {
  const config = IdentityConfig.parse(settings);
  return {
    config,
    mailer: mailer ?? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, { ignoreTLS: config.SMTP_IGNORE_TLS }),
    providerKeys: new ProviderKeySets(),
  };
}

/** From the process environment, validated at start-up. */
export function identityRuntimeFromEnv(): IdentityRuntime {
  const config = readIdentityConfig();
  return {
    config,
    mailer: new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, { ignoreTLS: config.SMTP_IGNORE_TLS }),
    providerKeys: new ProviderKeySets(),
  };
}
