// The gateway's settings, validated at start.
import { BaseConfig, loadConfig } from '@murmur/platform';
import { z } from 'zod';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

export const GatewayConfig = BaseConfig.and(
  z.object({
    GATEWAY_PORT: int(0, 65535, 4003),
    /** A read replica for the log and the read models, when there is one; defaults to DATABASE_URL.
     * Heartbeats, presence, the lobby stage and LISTEN stay on DATABASE_URL. */
    READ_DATABASE_URL: z.string().url().optional(),
    /** Events kept in memory for reconnecting clients. */
    GATEWAY_RING_SIZE: int(1, 1_000_000, 20_000),
    /** Events a resume may read from the database when its gap is older than the ring. */
    GATEWAY_REPLAY_MAX_EVENTS: int(0, 10_000_000, 50_000),
    /** Bytes a client may have waiting in its socket before it is dropped with a resync. */
    GATEWAY_MAX_BUFFERED_BYTES: int(16_384, 1 << 30, 1 << 20),
    /** Protocol ping interval; a client that misses one pong is cut off. */
    GATEWAY_HEARTBEAT_MS: int(100, 600_000, 30_000),
    /** A connection with no channel for this long is closed. */
    GATEWAY_IDLE_MS: int(100, 3_600_000, 120_000),
    GATEWAY_POLL_MS: int(10, 60_000, 500),
    GATEWAY_BATCH_SIZE: int(1, 100_000, 1_000),
    /** How long a user stays online in a lobby after their last connection went. */
    GATEWAY_OFFLINE_GRACE_MS: int(0, 600_000, 5_000),
    /** Open sockets one account may hold on this gateway (tabs and devices). */
    GATEWAY_MAX_CONNECTIONS_PER_USER: int(1, 10_000, 20),
    /** Open sockets one client address may hold on this gateway (visitors included). */
    GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: int(1, 1_000_000, 200),
    /** Messages a socket may send in 10 s (subscriptions, signalling); past it they are dropped, past twice it the socket is closed. */
    GATEWAY_MESSAGES_PER_10S: int(1, 1_000_000, 300),
  }),
);
export type GatewayConfig = z.infer<typeof GatewayConfig>;

export const readConfig = (env = process.env) => loadConfig(GatewayConfig, env);
