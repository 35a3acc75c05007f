// Where conversion rates come from: a port, so a market-rate source can replace the configured table.
// The demo has fixed rates (demo-mode.ts); a deployment sets CURRENCY_USD_RATES. USD, diamonds and
// charm are the product's own units and never come from a market.
import { money } from '@murmur/contracts';
import { z } from 'zod';
import { DEMO_USD_RATES, demoSettings, demoUnsetMessage } from './demo-mode.ts';

export interface CurrencyRateSource {
  /** USD value of one unit of `code` (upper case), or null when no rate is known. */
  usdValue(code: string): number | null;
}

/** The product's own units: not market rates, the same in the demo and in production. */
const productUnits: Readonly<Record<string, number>> = { USD: 1, DMND: 1 / money.diamondsPerUsd, CHRM: money.usdPerCharm };

const RatesJson = z.record(z.string().regex(/^[A-Z]{2,10}$/), z.number().positive().finite());

/** A fixed table, e.g. from configuration. */
export const tableRateSource = (table: Readonly<Record<string, number>>): CurrencyRateSource => ({
  usdValue: (code) => productUnits[code] ?? table[code] ?? null,
});

/** CURRENCY_USD_RATES (JSON: { "ETH": 3000, "USDT": 1, ... }, USD per unit); the demo's table only with the demo switch. */
export function currencyRatesFromEnv(env: Record<string, string | undefined> = process.env): CurrencyRateSource {
  const raw = env.CURRENCY_USD_RATES;
  if (raw) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new Error('Invalid configuration:\n  CURRENCY_USD_RATES: not JSON');
    }
    const table = RatesJson.safeParse(parsed);
    if (!table.success)
      throw new Error(
        `Invalid configuration:\n  CURRENCY_USD_RATES: ${table.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    return tableRateSource(table.data);
  }
  if (demoSettings(env).demo) return tableRateSource(DEMO_USD_RATES);
  throw new Error(`Invalid configuration:\n  ${demoUnsetMessage('CURRENCY_USD_RATES', "the fixed rates are the demo's")}`);
}
