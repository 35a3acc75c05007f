// The demo's conveniences live behind ONE explicit switch, MURMUR_DEMO=on, that `npm start` and the
// tests turn on. `demoDefaults` below is the one table of them: what the demo uses, what a deployment
// sets instead, and what a service refuses without the switch. Each service checks its rows before
// it starts (`refuseDemoDefaults`); the components that read a row refuse the same way.
import { z } from 'zod';

type Env = Record<string, string | undefined>;

export type MurmurService = 'command-api' | 'query-api' | 'realtime-gateway' | 'projections';

export const DEMO_JWT_SECRET = 'murmur-demo-secret-change-me-in-production-0123456789';
export const DEMO_BOT_TOKEN = '0000000000:murmur-demo-bot-token';
export const DEMO_IDP_AUDIENCE = 'murmur-demo';
export const DEMO_QUEST_PLATFORM_SECRET = 'murmur-demo-quest-platform-secret';
/** A public Ed25519 private key (PKCS8 DER, base64) signing the demo's ledger digests. */
export const DEMO_LEDGER_DIGEST_KEY = 'MC4CAQAwBQYDK2VwBCIEIKSrQlQgQdBHPAUMpPEbH1cyzJ10LHtDr9vbWrovufYu';
/** The in-process dev SMTP server's address (command-api/src/identity/dev-smtp.ts). */
export const DEMO_SMTP_URL = 'smtp://127.0.0.1:2525';
/** USD value of one unit of each market currency the spec names (section 3 "Currency"): the demo's fixed rates. */
export const DEMO_USD_RATES: Readonly<Record<string, number>> = { USDC: 1, USDT: 1, ETH: 3000, SOL: 150, PHP: 0.017, TON: 5, HONEY: 0.05 };

const Switch = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  MURMUR_DEMO: z.enum(['on', 'off']).default('off'),
  SANDBOX_PAYMENTS: z.enum(['on', 'off']).optional(),
  DEV_SMTP_SERVER: z.stringbool().optional(),
  SMS_PROVIDER: z.enum(['local', 'twilio', 'off']).optional(),
});

export interface DemoSettings {
  demo: boolean;
  production: boolean;
  /** The sandbox top-up provider: on in the demo unless SANDBOX_PAYMENTS=off; elsewhere only when asked. */
  sandboxPayments: boolean;
  /** The in-process SMTP server and the dev mailbox pages: on in the demo unless DEV_SMTP_SERVER=false. */
  devMailbox: boolean;
  /** The local SMS provider and the dev SMS inbox page: the demo's default SMS provider; refused without the demo. */
  localSms: boolean;
  /** Error reports kept locally (dev_error_reports and its dev page) when no SENTRY_DSN is set: the demo only. */
  localErrorReports: boolean;
}

/** Why a config holding a demo value was refused outside the demo. */
export const demoValueMessage = (name: string) => `${name} is the demo's value: set ${name}, or run the demo with MURMUR_DEMO=on`;
/** Why a config missing a value the demo fills in was refused outside the demo. */
export const demoUnsetMessage = (name: string, why: string) =>
  `${name} is not set: ${why}; set ${name}, or run the demo with MURMUR_DEMO=on`;

const isLoopbackUrl = (url: string | undefined): boolean => {
  if (!url) return false;
  try {
    return /^(127\.|localhost$|\[::1\]$|0\.0\.0\.0$)/.test(new URL(url).hostname);
  } catch {
    return false;
  }
};

const parseRpcUrls = (json: string | undefined): Record<string, string> => {
  try {
    const parsed = JSON.parse(json ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
};

interface Mode {
  demo: boolean;
  production: boolean;
}

export interface DemoDefault {
  /** What the demo runs with. */
  what: string;
  /** The variables a deployment sets instead. */
  variables: readonly string[];
  /** The services that read it and check it before they start. */
  services: readonly MurmurService[];
  /** Variables the deploy manifests (k8s and compose) must set: a deployment has no safe default for them. */
  deploy: readonly string[];
  /** Of those, the ones that come from a Secret (k8s) or the operator's environment (compose), never written in a manifest. */
  secrets: readonly string[];
  /** What happens without the switch. */
  outside: string;
  /** The problems of this environment for this service, empty when it may run. */
  refusals(env: Env, mode: Mode, service: MurmurService): string[];
}

const secretRow = (what: string, name: string, demoValue: string, services: readonly MurmurService[]): DemoDefault => ({
  what,
  variables: [name],
  services,
  deploy: [name],
  secrets: [name],
  outside: `refused: ${name} must be set to a value of the deployment's own`,
  refusals: (env, mode) => (mode.demo || (env[name] !== undefined && env[name] !== demoValue) ? [] : [demoValueMessage(name)]),
});

/** Every default that is safe only in the demo, one row each. */
export const demoDefaults: readonly DemoDefault[] = [
  {
    what: 'the demo switch itself',
    variables: ['MURMUR_DEMO'],
    services: ['command-api', 'query-api', 'realtime-gateway', 'projections'],
    deploy: [],
    secrets: [],
    outside: 'off by default; refused in production',
    refusals: (_env, mode) => (mode.production && mode.demo ? ['MURMUR_DEMO=on is refused in production'] : []),
  },
  secretRow('a public JWT secret signing access tokens', 'JWT_SECRET', DEMO_JWT_SECRET, ['command-api', 'query-api', 'realtime-gateway']),
  secretRow('a public Telegram bot token checking mini-app sign-ins', 'TELEGRAM_BOT_TOKEN', DEMO_BOT_TOKEN, ['command-api']),
  secretRow('the identity provider audience `murmur-demo`', 'IDP_AUDIENCE', DEMO_IDP_AUDIENCE, ['command-api']),
  secretRow('a public quest-platform secret signing link proofs and EXP webhooks', 'QUEST_PLATFORM_SECRET', DEMO_QUEST_PLATFORM_SECRET, [
    'command-api',
  ]),
  secretRow('a public Ed25519 key signing the ledger digests', 'LEDGER_DIGEST_SIGNING_KEY', DEMO_LEDGER_DIGEST_KEY, ['projections']),
  {
    what: 'the sandbox quest platform: `quest-account/sandbox-authorize` signs a link proof for anyone',
    variables: ['QUEST_PLATFORM_URL', 'QUEST_PLATFORM_API_KEY'],
    services: ['command-api', 'query-api'],
    deploy: ['QUEST_PLATFORM_URL', 'QUEST_PLATFORM_API_KEY'],
    secrets: ['QUEST_PLATFORM_API_KEY'],
    outside: 'refused: the real platform is configured and sandbox-authorize answers 404',
    refusals: (env, mode, service) => {
      if (mode.demo) return [];
      const why = 'without it the sandbox quest platform would sign link proofs for anyone';
      return [
        !env.QUEST_PLATFORM_URL ? demoUnsetMessage('QUEST_PLATFORM_URL', why) : null,
        service === 'command-api' && !env.QUEST_PLATFORM_API_KEY
          ? demoUnsetMessage('QUEST_PLATFORM_API_KEY', 'the quest platform API needs it')
          : null,
      ].filter((p): p is string => p !== null);
    },
  },
  {
    what: 'the recording referral payout adapter (`REFERRAL_PAYOUT_ADAPTER=local`): it records a payout as sent and sends nothing',
    variables: ['REFERRAL_PAYOUT_ADAPTER', 'REFERRAL_PAYOUT_RPC_URL', 'REFERRAL_PAYOUT_PRIVATE_KEY', 'REFERRAL_PAYOUT_USDT_ADDRESS'],
    services: ['command-api'],
    deploy: ['REFERRAL_PAYOUT_ADAPTER', 'REFERRAL_PAYOUT_RPC_URL', 'REFERRAL_PAYOUT_PRIVATE_KEY', 'REFERRAL_PAYOUT_USDT_ADDRESS'],
    secrets: ['REFERRAL_PAYOUT_PRIVATE_KEY'],
    outside: 'refused: REFERRAL_PAYOUT_ADAPTER=evm with its RPC URL, key and USDT contract',
    refusals: (env, mode) => {
      if (mode.demo) return [];
      if (env.REFERRAL_PAYOUT_ADAPTER !== 'evm') {
        return [
          "REFERRAL_PAYOUT_ADAPTER=local is the demo's stand-in (it reports payouts sent without sending them): set REFERRAL_PAYOUT_ADAPTER=evm, or run the demo with MURMUR_DEMO=on",
        ];
      }
      const missing = ['REFERRAL_PAYOUT_RPC_URL', 'REFERRAL_PAYOUT_PRIVATE_KEY', 'REFERRAL_PAYOUT_USDT_ADDRESS'].filter(
        (name) => !env[name],
      );
      return missing.length > 0 ? [`REFERRAL_PAYOUT_ADAPTER=evm needs ${missing.join(', ')}`] : [];
    },
  },
  {
    what: 'the sandbox top-up provider (free diamonds)',
    variables: ['SANDBOX_PAYMENTS'],
    services: ['command-api', 'query-api'],
    deploy: [],
    secrets: [],
    outside: 'off unless SANDBOX_PAYMENTS=on; refused in production',
    refusals: (env, mode) => (mode.production && env.SANDBOX_PAYMENTS === 'on' ? ['SANDBOX_PAYMENTS=on is refused in production'] : []),
  },
  {
    what: 'the fake web-payment and e-wallet providers `npm start` runs on loopback (DEMO_PAYMENT_FAKES)',
    variables: ['WEBPAY_API_URL', 'EWALLET_API_URL', 'TON_API_URL'],
    services: ['command-api'],
    deploy: [],
    secrets: [],
    outside: 'not started; a provider URL on loopback is refused in production',
    refusals: (env, mode) =>
      mode.production
        ? ['WEBPAY_API_URL', 'EWALLET_API_URL', 'TON_API_URL']
            .filter((name) => isLoopbackUrl(env[name]))
            .map((name) => `${name} points at a local fake provider, refused in production`)
        : [],
  },
  {
    what: 'a demo crypto deposit address (0x…dEaD)',
    variables: ['PAYMENT_DEPOSIT_ADDRESS'],
    services: ['command-api', 'query-api'],
    deploy: [],
    secrets: [],
    outside: 'none: crypto top-ups are not offered until PAYMENT_DEPOSIT_ADDRESS is set',
    refusals: () => [],
  },
  {
    what: 'the local demo chains `npm start` runs (anvil with USDT/USDC, LiteSVM with HONEY; scripts/demo-chains/) as the crypto deposit chains, and the demo wallet paying on them from funded development accounts',
    variables: ['CHAIN_RPC_URLS', 'DEMO_WALLET_EVM_KEY', 'DEMO_WALLET_SOLANA_KEY'],
    services: ['command-api', 'query-api'],
    deploy: [],
    secrets: [],
    outside: 'not started; the demo wallet keys are refused, and so is a chain RPC on loopback in production',
    refusals: (env, mode) => [
      ...(mode.demo
        ? []
        : ['DEMO_WALLET_EVM_KEY', 'DEMO_WALLET_SOLANA_KEY']
            .filter((name) => env[name])
            .map((name) => `${name} (the demo wallet) needs MURMUR_DEMO=on`)),
      ...(mode.production && Object.values(parseRpcUrls(env.CHAIN_RPC_URLS)).some(isLoopbackUrl)
        ? ['CHAIN_RPC_URLS points at a local chain, refused in production']
        : []),
    ],
  },
  {
    what: 'fixed conversion rates (`GET payment/currencies/conversion`, the e-wallet PHP and TON rates)',
    variables: ['CURRENCY_USD_RATES', 'EWALLET_PHP_PER_USD', 'TON_PER_USD'],
    services: ['command-api', 'query-api'],
    deploy: ['CURRENCY_USD_RATES'],
    secrets: [],
    outside:
      'refused: rates come from CURRENCY_USD_RATES (and the PHP and TON rates from their variables when those providers are configured)',
    refusals: (env, mode, service) => {
      if (mode.demo) return [];
      const why = "the fixed rates are the demo's";
      return [
        service === 'query-api' && !env.CURRENCY_USD_RATES ? demoUnsetMessage('CURRENCY_USD_RATES', why) : null,
        env.EWALLET_SECRET_KEY && !env.EWALLET_PHP_PER_USD ? demoUnsetMessage('EWALLET_PHP_PER_USD', why) : null,
        env.TON_DEPOSIT_ADDRESS && !env.TON_PER_USD ? demoUnsetMessage('TON_PER_USD', why) : null,
      ].filter((p): p is string => p !== null);
    },
  },
  {
    what: 'the dev SMTP server in command-api and the dev mailbox pages',
    variables: ['DEV_SMTP_SERVER', 'SMTP_URL'],
    services: ['command-api', 'query-api'],
    deploy: ['SMTP_URL'],
    secrets: ['SMTP_URL'],
    outside: 'off: codes go to SMTP_URL; DEV_SMTP_SERVER=true is refused in production',
    refusals: (env, mode, service) =>
      [
        mode.production && Switch.shape.DEV_SMTP_SERVER.safeParse(env.DEV_SMTP_SERVER).data === true
          ? 'DEV_SMTP_SERVER (the dev mailbox) is refused in production'
          : null,
        service === 'command-api' && !mode.demo && (!env.SMTP_URL || env.SMTP_URL === DEMO_SMTP_URL)
          ? demoUnsetMessage('SMTP_URL', "sign-in codes would go to the demo's dev SMTP server")
          : null,
      ].filter((p): p is string => p !== null),
  },
  {
    what: 'the local SMS provider and the dev SMS inbox (mobile sign-in codes shown on a page)',
    variables: ['SMS_PROVIDER'],
    services: ['command-api', 'query-api'],
    deploy: [],
    secrets: [],
    outside: 'off (no mobile sign-in) unless SMS_PROVIDER=twilio; SMS_PROVIDER=local is refused',
    refusals: (env, mode) =>
      !mode.demo && env.SMS_PROVIDER === 'local' ? ['SMS_PROVIDER=local (the dev SMS inbox) needs MURMUR_DEMO=on'] : [],
  },
  {
    what: 'the local error-report sink: without SENTRY_DSN, what would be sent to Sentry is kept in dev_error_reports and shown at /api/v1/dev/errors.html',
    variables: ['SENTRY_DSN', 'SENTRY_BROWSER_DSN'],
    services: ['command-api', 'query-api'],
    deploy: [],
    secrets: [],
    outside: 'off: nothing is reported or kept unless SENTRY_DSN (and SENTRY_BROWSER_DSN for the web app) is set',
    refusals: () => [],
  },
  {
    what: 'SIWE messages for the domain localhost:3000',
    variables: ['SIWE_DOMAIN'],
    services: ['command-api'],
    deploy: ['SIWE_DOMAIN'],
    secrets: [],
    outside: "refused in production: SIWE_DOMAIN must be the site's domain",
    refusals: (env, mode) =>
      mode.production && (!env.SIWE_DOMAIN || env.SIWE_DOMAIN.startsWith('localhost')) ? ['SIWE_DOMAIN must be set in production'] : [],
  },
];

function modeOf(env: Env): Mode {
  const parsed = Switch.safeParse(env);
  if (!parsed.success)
    throw new Error(`Invalid configuration:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`);
  return { demo: parsed.data.MURMUR_DEMO === 'on', production: parsed.data.NODE_ENV === 'production' };
}

/** What this service must refuse to start on, from the table. */
export function demoRefusals(service: MurmurService, env: Env = process.env): string[] {
  const mode = modeOf(env);
  return demoDefaults.filter((row) => row.services.includes(service)).flatMap((row) => row.refusals(env, mode, service));
}

/** Called first by each service's entry point: one error naming every problem at once. */
export function refuseDemoDefaults(service: MurmurService, env: Env = process.env): void {
  const problems = demoRefusals(service, env);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

/** Reads the switch and what follows from it; throws on a combination production must never run. */
export function demoSettings(env: Env = process.env): DemoSettings {
  const parsed = Switch.safeParse(env);
  if (!parsed.success)
    throw new Error(`Invalid configuration:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demo = e.MURMUR_DEMO === 'on';
  const problems = [
    production && demo ? 'MURMUR_DEMO=on is refused in production' : null,
    production && e.SANDBOX_PAYMENTS === 'on' ? 'SANDBOX_PAYMENTS=on is refused in production' : null,
    production && e.DEV_SMTP_SERVER === true ? 'DEV_SMTP_SERVER (the dev mailbox) is refused in production' : null,
    !demo && e.SMS_PROVIDER === 'local' ? 'SMS_PROVIDER=local (the dev SMS inbox) needs MURMUR_DEMO=on' : null,
  ].filter((p): p is string => p !== null);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    demo,
    production,
    sandboxPayments: e.SANDBOX_PAYMENTS ? e.SANDBOX_PAYMENTS === 'on' : demo,
    devMailbox: e.DEV_SMTP_SERVER ?? demo,
    localSms: (e.SMS_PROVIDER ?? (demo ? 'local' : 'off')) === 'local',
    localErrorReports: demo,
  };
}
