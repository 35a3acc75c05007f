// How the money section writes amounts and times.
export const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const whole = (n: number) => n.toLocaleString('en-US');
export const usdt = (micro: number) =>
  `${(micro / 1_000_000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })} USDT`;
export const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const short = (text: string) => (text.length > 16 ? `${text.slice(0, 8)}…${text.slice(-6)}` : text);
