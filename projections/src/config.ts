import { ServiceConfig, loadConfig } from '@murmur/platform';
import { z } from 'zod';

export const ProjectionsConfig = ServiceConfig.and(z.object({ PROJECTIONS_PORT: z.coerce.number().int().min(0).max(65535).default(4004) }));
export const readConfig = (env = process.env) => loadConfig(ProjectionsConfig, env);
