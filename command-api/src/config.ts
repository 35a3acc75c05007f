// command-api's settings, validated at start.
import { limits } from '@murmur/contracts';
import { BaseConfig, demoValueMessage, loadConfig } from '@murmur/platform';
import { z } from 'zod';

const productChatWindowMs = limits.chatWindowSeconds * 1000;

export const CommandApiConfig = BaseConfig.and(
  z.object({
    COMMAND_API_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
    /** How long the presence reaper waits for a silent gateway (a crash, a slow restart) before
     * taking the members it held out of their lobbies; default presenceTimings.gatewayDeadAfterMs. */
    PRESENCE_GATEWAY_DEAD_AFTER_MS: z.coerce.number().int().min(1_000).optional(),
    /** How long a lobby member may be without a live connection (a reload, a lost network) before
     * leaving; default presenceTimings.memberGraceMs. Browser tests shorten it to see a leave soon. */
    PRESENCE_MEMBER_GRACE_MS: z.coerce.number().int().min(1_000).max(600_000).optional(),
    /** How long a member who joined may take to connect at all before leaving; default
     * presenceTimings.firstConnectMs. The stack bench lengthens it: its joiners never connect. */
    PRESENCE_FIRST_CONNECT_MS: z.coerce.number().int().min(1_000).max(3_600_000).optional(),
    /** The chat window: a sender posts at most limits.chatMessagesPerWindow messages in it per lobby
     * (and chatMessagesPerWindowAllLobbies across lobbies). Default and minimum outside the demo: the
     * product's 10 s; a shorter one lets more messages through, so only with MURMUR_DEMO=on
     * (browser tests shorten it instead of waiting out the limit). */
    CHAT_WINDOW_MS: z.coerce.number().int().min(1_000).max(3_600_000).optional(),
  }),
).refine((c) => c.MURMUR_DEMO === 'on' || c.CHAT_WINDOW_MS === undefined || c.CHAT_WINDOW_MS >= productChatWindowMs, {
  message: `${demoValueMessage('CHAT_WINDOW_MS')} (below the product's ${productChatWindowMs} ms)`,
  path: ['CHAT_WINDOW_MS'],
});
export type CommandApiConfig = z.infer<typeof CommandApiConfig>;

export const readConfig = (env = process.env) => loadConfig(CommandApiConfig, env);
