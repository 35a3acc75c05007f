// The quest platform behind a port (docs/decisions/progression.md): it signs a link proof for the account a user
// authorizes, answers who that account is over its HTTP API, and sends signed webhooks with the EXP
// earned there. `http` talks to the real platform; `sandbox` signs proofs itself, only in the demo.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { progressionTexts, questPlatform } from '@murmur/contracts';
import { ApiError, DEMO_QUEST_PLATFORM_SECRET, demoSettings, demoUnsetMessage, demoValueMessage } from '@murmur/platform';
import { z } from 'zod';
import type { CommandDeps } from '../dependencies.ts';

export interface QuestAccount {
  platformUserId: string;
  handle: string;
}

export interface QuestPlatformPort {
  mode: 'http' | 'sandbox';
  /** Shared secret of proofs and webhooks. */
  secret: string;
  /** Where the page sends the user to authorize (it comes back with `?proof=`). */
  authorizeUrl: string;
  /** Confirms the account a verified proof names (the real adapter asks the platform's API). */
  lookupAccount(platformUserId: string): Promise<QuestAccount | null>;
}

const LinkProof = z.object({
  platformUserId: z.string().min(1).max(128),
  handle: z.string().min(1).max(64),
  uid: z.string(),
  issuedAt: z.number().int(),
});
export const QuestWebhookBody = z.object({
  eventId: z.string().min(1).max(200),
  platformUserId: z.string().min(1).max(128),
  questTitle: z.string().trim().min(1).max(200),
  exp: z.number().int().positive().max(questPlatform.maxImportedExp),
});
export type QuestWebhookBody = z.infer<typeof QuestWebhookBody>;

const hmac = (secret: string, text: string): string => createHmac('sha256', secret).update(text).digest('hex');

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** The platform's link proof: `base64url(json).hmac` (what the fake and the sandbox sign). */
export function signLinkProof(secret: string, proof: z.infer<typeof LinkProof>): string {
  const payload = Buffer.from(JSON.stringify(proof)).toString('base64url');
  return `${payload}.${hmac(secret, payload)}`;
}

/** Verifies a proof's signature, that it names this user and is fresh; the account it names. */
export function verifyLinkProof(secret: string, proof: string, uid: string, now: Date): QuestAccount {
  const [payload, signature] = proof.split('.');
  if (!payload || !signature || !sameHex(signature, hmac(secret, payload))) throw new ApiError('RULE_VIOLATED', progressionTexts.badProof);
  let parsed: z.infer<typeof LinkProof>;
  try {
    parsed = LinkProof.parse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
  } catch {
    throw new ApiError('RULE_VIOLATED', progressionTexts.badProof);
  }
  const age = now.getTime() / 1000 - parsed.issuedAt;
  if (parsed.uid !== uid || age < -60 || age > questPlatform.linkProofSeconds)
    throw new ApiError('RULE_VIOLATED', progressionTexts.badProof);
  return { platformUserId: parsed.platformUserId, handle: parsed.handle };
}

/** Webhook headers: `x-quest-timestamp` (unix seconds) and `x-quest-signature` = hmac(`{timestamp}.{raw body}`). */
export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return hmac(secret, `${timestamp}.${rawBody}`);
}

export function verifyWebhook(
  secret: string,
  rawBody: string,
  timestamp: string | undefined,
  signature: string | undefined,
  now: Date,
): QuestWebhookBody {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !sameHex(signature, signWebhook(secret, Number(timestamp), rawBody))) {
    throw new ApiError('UNAUTHENTICATED', progressionTexts.badSignature);
  }
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > questPlatform.webhookWindowSeconds)
    throw new ApiError('UNAUTHENTICATED', progressionTexts.staleWebhook);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new ApiError('VALIDATION_FAILED', 'The webhook body is not JSON.');
  }
  const parsed = QuestWebhookBody.safeParse(body);
  if (!parsed.success) throw new ApiError('VALIDATION_FAILED', 'The webhook body is not a quest event.');
  return parsed.data;
}

const QuestPlatformEnv = z.object({
  /** The platform's API base URL; unset, the sandbox runs (demo only). */
  QUEST_PLATFORM_URL: z.string().url().optional(),
  QUEST_PLATFORM_API_KEY: z.string().min(1).optional(),
  /** Signs link proofs and webhooks: whoever knows it can mint EXP, so the demo's value needs the demo. */
  QUEST_PLATFORM_SECRET: z.string().min(16).default(DEMO_QUEST_PLATFORM_SECRET),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
});

class HttpQuestPlatform implements QuestPlatformPort {
  readonly mode = 'http' as const;
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    readonly secret: string,
    readonly authorizeUrl: string,
  ) {}

  async lookupAccount(platformUserId: string): Promise<QuestAccount | null> {
    const res = await fetch(`${this.baseUrl}/v1/accounts/${encodeURIComponent(platformUserId)}`, {
      headers: { authorization: `Bearer ${this.apiKey}` },
      signal: AbortSignal.timeout(5000),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new ApiError('INTERNAL', `The quest platform answered ${res.status}.`);
    const body = z.object({ id: z.string(), handle: z.string() }).parse(await res.json());
    return { platformUserId: body.id, handle: body.handle };
  }
}

export function questPlatformFromEnv(env: Record<string, string | undefined> = process.env): QuestPlatformPort {
  const e = QuestPlatformEnv.parse(env);
  // The same rule as the demo table (platform/src/demo-mode.ts), for a port built after start.
  if (!demoSettings(env).demo) {
    if (e.QUEST_PLATFORM_SECRET === DEMO_QUEST_PLATFORM_SECRET)
      throw new Error(`Invalid configuration:\n  ${demoValueMessage('QUEST_PLATFORM_SECRET')}`);
    if (!e.QUEST_PLATFORM_URL)
      throw new Error(
        `Invalid configuration:\n  ${demoUnsetMessage('QUEST_PLATFORM_URL', 'without it the sandbox quest platform would sign link proofs for anyone')}`,
      );
  }
  const back = `${e.PUBLIC_URL.replace(/\/$/, '')}/connect-quest-account`;
  if (e.QUEST_PLATFORM_URL) {
    const base = e.QUEST_PLATFORM_URL.replace(/\/$/, '');
    return new HttpQuestPlatform(
      base,
      e.QUEST_PLATFORM_API_KEY ?? '',
      e.QUEST_PLATFORM_SECRET,
      `${base}/authorize?redirect_uri=${encodeURIComponent(back)}`,
    );
  }
  return {
    mode: 'sandbox',
    secret: e.QUEST_PLATFORM_SECRET,
    authorizeUrl: `${back}?sandbox=1`,
    lookupAccount: async (platformUserId) => ({ platformUserId, handle: platformUserId.replace(/^sandbox-/, '') }),
  };
}

const ports = new WeakMap<object, QuestPlatformPort>();

export function questPlatformPort(deps: CommandDeps): QuestPlatformPort {
  let port = ports.get(deps.store);
  if (!port) ports.set(deps.store, (port = questPlatformFromEnv()));
  return port;
}

/** Tests point one command-api at their own fake platform. */
export function setQuestPlatformPort(deps: CommandDeps, port: QuestPlatformPort): void {
  ports.set(deps.store, port);
}
