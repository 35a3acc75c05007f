// Timestamp columns come back from pg as Date; DTOs carry ISO strings. A row typed with `Dated`
// becomes its DTO with `isoDates`, so the typed answer is exactly what goes on the wire.
export type { Dated } from '@murmur/projections/queries/dated';

type Iso<R, K extends keyof R> = { [P in keyof R]: P extends K ? (R[P] extends Date ? string : string | null) : R[P] };

export function isoDates<R extends object, K extends keyof R>(row: R, ...keys: K[]): Iso<R, K> {
  const out = { ...row } as Record<PropertyKey, unknown>;
  for (const key of keys) {
    const value = out[key];
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out as Iso<R, K>;
}
