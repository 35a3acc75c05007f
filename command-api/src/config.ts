// command-api's settings, validated at start.
import { BaseConfig, loadConfig } from '@murmur/platform';
import { z } from 'zod';

export const CommandApiConfig = BaseConfig.and(
  z.object({
    COMMAND_API_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
    /** How long the presence reaper waits for a silent gateway (a crash, a slow restart) before
     * taking the members it held out of their lobbies; default presenceTimings.gatewayDeadAfterMs. */
    PRESENCE_GATEWAY_DEAD_AFTER_MS: z.coerce.number().int().min(1_000).optional(),
  }),
);
export type CommandApiConfig = z.infer<typeof CommandApiConfig>;

export const readConfig = (env = process.env) => loadConfig(CommandApiConfig, env);
