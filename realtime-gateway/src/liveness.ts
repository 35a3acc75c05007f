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
  ) {}

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.intervalMs);
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    await this.pool
      .query('insert into realtime_gateways (gateway_id) values ($1) on conflict (gateway_id) do update set seen_at = now()', [this.gatewayId])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'gateway heartbeat failed'));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pool.query('delete from realtime_gateways where gateway_id = $1', [this.gatewayId]).catch(() => undefined);
  }
}
