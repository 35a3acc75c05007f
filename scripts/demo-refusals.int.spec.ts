// Each service, started as a deployment starts it (NODE_ENV=production, no demo switch), refuses
// every demo default of the table (platform/src/demo-mode.ts) before it serves anything, and
// starts on the environment the compose file gives it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { demoRefusals, type MurmurService } from '@murmur/platform';
import { createTestDatabase, type TestDatabase } from '../test-support/database.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry: Record<MurmurService, string> = {
  'command-api': 'command-api/src/main.ts',
  'query-api': 'query-api/src/main.ts',
  'realtime-gateway': 'realtime-gateway/src/main.ts',
  projections: 'projections/src/main.ts',
};
const services = Object.keys(entry) as MurmurService[];
type Env = Record<string, string>;

interface Run {
  code: number | null;
  output: string;
}

/** Runs a service until it exits or logs that it listens (then stops it); nothing of the test's own environment leaks in. */
function run(service: MurmurService, env: Env, timeoutMs = 150_000): Promise<Run & { listening: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry[service]], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    });
    let output = '';
    let listening = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${service} neither exited nor listened in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (!listening && /"msg":"[\w-]+ (listening|running)"/.test(output)) {
        listening = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, listening });
    });
  });
}

const production: Env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' };

describe('a service started without the demo switch', () => {
  it('refuses every demo default it reads, naming each, and never listens', { timeout: 200_000 }, async () => {
    const runs = await Promise.all(services.map((service) => run(service, production)));
    const named: Record<MurmurService, string[]> = {
      'command-api': [
        'JWT_SECRET',
        'TELEGRAM_BOT_TOKEN',
        'IDP_AUDIENCE',
        'QUEST_PLATFORM_SECRET',
        'QUEST_PLATFORM_URL',
        'QUEST_PLATFORM_API_KEY',
        'REFERRAL_PAYOUT_ADAPTER=local',
        'SMTP_URL',
        'SIWE_DOMAIN',
      ],
      'query-api': ['JWT_SECRET', 'QUEST_PLATFORM_URL', 'CURRENCY_USD_RATES'],
      'realtime-gateway': ['JWT_SECRET'],
      projections: ['LEDGER_DIGEST_SIGNING_KEY'],
    };
    services.forEach((service, i) => {
      const { code, output, listening } = runs[i]!;
      expect(listening, service).toBe(false);
      expect(code, service).not.toBe(0);
      expect(output, service).toContain('Invalid configuration');
      for (const refusal of demoRefusals(service, production)) expect(output, service).toContain(refusal);
      for (const name of named[service]) expect(output, service).toContain(name);
    });
  });

  it('refuses, in production, the switch itself and the stand-ins asked for by name', { timeout: 200_000 }, async () => {
    const standIns: Env = {
      ...production,
      SANDBOX_PAYMENTS: 'on',
      DEV_SMTP_SERVER: 'true',
      WEBPAY_API_URL: 'http://127.0.0.1:9/',
      EWALLET_SECRET_KEY: 'sk_live',
      REFERRAL_PAYOUT_ADAPTER: 'local',
    };
    const [command, projections] = await Promise.all([
      run('command-api', standIns),
      run('projections', { ...production, MURMUR_DEMO: 'on' }),
    ]);
    for (const { code, output, listening } of [command!, projections!]) {
      expect(listening).toBe(false);
      expect(code).not.toBe(0);
      expect(output).toContain('Invalid configuration');
    }
    expect(projections!.output).toContain('MURMUR_DEMO=on is refused in production');
    for (const refusal of demoRefusals('command-api', standIns)) expect(command!.output).toContain(refusal);
    for (const text of [
      'SANDBOX_PAYMENTS=on is refused in production',
      'DEV_SMTP_SERVER (the dev mailbox) is refused in production',
      'WEBPAY_API_URL points at a local fake provider',
      'EWALLET_PHP_PER_USD is not set',
      'REFERRAL_PAYOUT_ADAPTER=local is the demo',
    ]) {
      expect(command!.output).toContain(text);
    }
  });
});

describe("a service started with the compose file's environment", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.drop());

  it('passes the table and listens', { timeout: 200_000 }, async () => {
    const compose = parse(readFileSync(path.join(root, 'deploy/compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment: Env }>;
    };
    const operator: Env = {
      JWT_SECRET: 'a-deployment-secret-of-at-least-32-characters',
      TELEGRAM_BOT_TOKEN: '123456:deployment-bot-token',
      IDP_AUDIENCE: 'murmur-prod',
      SIWE_DOMAIN: 'murmur.example',
      SMTP_URL: 'smtp://127.0.0.1:9',
      QUEST_PLATFORM_URL: 'https://quests.example',
      QUEST_PLATFORM_API_KEY: 'quest-key',
      QUEST_PLATFORM_SECRET: 'a-deployment-quest-secret',
      REFERRAL_PAYOUT_RPC_URL: 'http://127.0.0.1:9',
      REFERRAL_PAYOUT_PRIVATE_KEY: `0x${'1'.repeat(64)}`,
      REFERRAL_PAYOUT_USDT_ADDRESS: `0x${'2'.repeat(40)}`,
      CURRENCY_USD_RATES: '{"USDT":1,"USDC":1,"ETH":3100}',
      LEDGER_DIGEST_SIGNING_KEY: 'MC4CAQAwBQYDK2VwBCIEILxny8aN8upVcdvJYBrAxn5vg5mTc+mj9YrcWq0Wtb59', // a deployment's own Ed25519 key (PKCS8 DER, base64)
    };
    const envOf = (service: MurmurService): Env => {
      const env = Object.fromEntries(
        Object.entries(compose.services[service]!.environment).map(([name, value]) => {
          const from = /^\$\{(\w+):\?/.exec(String(value));
          return [name, from ? (operator[from[1]!] ?? '') : String(value)];
        }),
      );
      return {
        ...env,
        DATABASE_URL: db.url,
        HOST: '127.0.0.1',
        COMMAND_API_PORT: '0',
        QUERY_API_PORT: '0',
        GATEWAY_PORT: '0',
        PROJECTIONS_PORT: '0',
      };
    };
    const runs = await Promise.all(services.map((service) => run(service, envOf(service))));
    services.forEach((service, i) => {
      expect(runs[i]!.output, service).not.toContain('Invalid configuration');
      expect(runs[i]!.listening, `${service}:\n${runs[i]!.output}`).toBe(true);
    });
  });
});
