// The one way a route answers with a body: typed by the route's contracts DTO, so a renamed or
// missing field fails the route's build rather than the web app at run time.
import type express from 'express';
import type { z } from 'zod';

/** Sends `body` as JSON with `status` (200). `_dto` is the catalogued response schema of the route;
 * it is not run here (the answer is built from typed rows; the DTO drift test validates it). */
export function send<S extends z.ZodType>(res: express.Response, _dto: S, body: z.infer<S>, status: 200 | 201 = 200): void {
  res.status(status).json(body);
}
