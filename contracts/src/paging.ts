// Paging as the spec's lists carry it (section 3 "Follower item" meta, section 9 paging).
import { z } from 'zod';
import { paging } from './constants.ts';

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(paging.defaultPage),
  limit: z.coerce.number().int().min(1).max(100).default(paging.defaultLimit),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const PageMeta = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  itemCount: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export function pageMeta(query: PageQuery, totalItems: number, itemCount: number): PageMeta {
  return {
    currentPage: query.page,
    totalPages: Math.ceil(totalItems / query.limit),
    totalItems,
    itemCount,
  };
}

export const paged = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), meta: PageMeta });
