// Type helpers for a module's event map (`{ EventType: DataSchema }`): the union of `{ type, data }`
// it describes. Types only, so every module's contracts file can use them without import cycles.
import type { z } from 'zod';

export type EventSchemaMap = Record<string, z.ZodType>;

/** `{ type: K; data: z.infer<Map[K]> }` for every key K of the map, as one discriminated union. */
export type EventUnionOf<Map extends EventSchemaMap, Keys extends keyof Map = keyof Map> = {
  [K in Keys]: { type: K; data: z.infer<Map[K]> };
}[Keys];

/** The event types a map names, in its order. */
export function eventTypesOf<Map extends EventSchemaMap>(map: Map): Array<keyof Map & string> {
  return Object.keys(map);
}
