// `BENCH_SIZE=tiny` runs every bench at a size of seconds (CI runs them so that none can rot:
// bench/benches.int.spec.ts); a bench's own environment variable still wins over both sizes.
export const tiny = process.env.BENCH_SIZE === 'tiny';

export function benchSize(size: { full: number; tiny: number; env?: string }): number {
  const own = size.env ? process.env[size.env] : undefined;
  if (own !== undefined && own !== '') return Number(own);
  return tiny ? size.tiny : size.full;
}
