// Tells the rest of the platform this gateway process is alive: a heartbeat row in
// realtime_gateways, renewed every few seconds and removed on a clean stop. Presence events name
// the gateway, so the presence reaper can treat the connections of a silent gateway as gone.
import type { Logger } from '@murmur/platform';
import type pg from 'pg';

export class GatewayLiveness {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    readonly gatewayId: string,
    private readonly intervalMs: number,
    private readonly logger: Logger,
    /** Open connections and subscriptions, written with each beat for the operators' console. */
    private readonly figures: () => Promise<{ connections: number; subscriptions: number }> = async () => ({
      connections: 0,
      subscriptions: 0,
    }),
  ) {}

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.intervalMs);
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    const { connections, subscriptions } = await this.figures().catch(() => ({ connections: 0, subscriptions: 0 }));
    await this.pool
      .query(
        `insert into realtime_gateways (gateway_id, connections, subscriptions) values ($1, $2, $3)
         on conflict (gateway_id) do update set seen_at = now(), connections = excluded.connections, subscriptions = excluded.subscriptions`,
        [this.gatewayId, connections, subscriptions],
      )
      .catch((error: unknown) => this.logger.warn({ err: error }, 'gateway heartbeat failed'));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pool.query('delete from realtime_gateways where gateway_id = $1', [this.gatewayId]).catch(() => undefined);
  }
}
