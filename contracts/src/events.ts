// The event envelope as read models, the gateway and clients see it. Each domain adds its own
// event schemas in its own file and registers them in `eventSchemas`.
import { z } from 'zod';

export const EventEnvelope = z.object({
  position: z.string(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  schemaVersion: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;
