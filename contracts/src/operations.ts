// Operator views over the log (admins and developers): the DTOs of the ops routes.
import { z } from 'zod';
import { paged } from './paging.ts';

/** One stream category (the stream id up to its first dash) with its sizes. */
export const StreamCategoryDto = z.object({
  category: z.string(),
  streamCount: z.number().int(),
  eventCount: z.number().int(),
  /** Global position of the category's last event (a bigint in the store). */
  lastPosition: z.string(),
  lastEventAt: z.string(),
});
export type StreamCategoryDto = z.infer<typeof StreamCategoryDto>;
export const StreamCategoryPage = paged(StreamCategoryDto);
