import { BaseConfig, loadConfig } from '@murmur/platform';
import { z } from 'zod';

export const QueryApiConfig = BaseConfig.and(
  z.object({
    QUERY_API_PORT: z.coerce.number().int().min(0).max(65535).default(4002),
    /** A read replica, when there is one; defaults to DATABASE_URL. */
    READ_DATABASE_URL: z.string().url().optional(),
  }),
);
export const readConfig = (env = process.env) => loadConfig(QueryApiConfig, env);
