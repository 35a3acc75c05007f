// What the identity routes run with: settings and the mailer. Tests pass their own in CommandDeps.identity.
import type { CommandDeps } from '../dependencies.ts';
import { IdentityConfig, readIdentityConfig } from './config.ts';
import { SmtpMailer, type Mailer } from './mailer.ts';

export interface IdentityRuntime {
  config: IdentityConfig;
  mailer: Mailer;
}

/** Builds a runtime from environment-style settings (defaults fill the rest). */
export function createIdentityRuntime(settings: Partial<Record<keyof IdentityConfig, string>> = {}, mailer?: Mailer): IdentityRuntime {
  const config = IdentityConfig.parse(settings);
  return { config, mailer: mailer ?? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, { ignoreTLS: config.SMTP_IGNORE_TLS }) };
}

const fromEnvironment = new WeakMap<CommandDeps, IdentityRuntime>();

export function identityRuntime(deps: CommandDeps): IdentityRuntime {
  if (deps.identity) return deps.identity;
  let runtime = fromEnvironment.get(deps);
  if (!runtime) {
    const config = readIdentityConfig();
    runtime = { config, mailer: new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, { ignoreTLS: config.SMTP_IGNORE_TLS }) };
    fromEnvironment.set(deps, runtime);
  }
  return runtime;
}
