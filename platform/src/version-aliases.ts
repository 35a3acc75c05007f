// Serves the catalogue's versioned aliases (`versionAliases`: e.g. GET /api/v2/lobbies) by rewriting
// them to their v1 route before routing, so an alias cannot drift from the route it names. Any other
// path under a version other than v1 is left alone and ends as the usual 404.
import { versionAliases } from '@murmur/contracts/api-catalogue';
import type { RequestHandler } from 'express';

const aliasPattern = /^\/api\/(v\d+)(\/[^?]*)(\?.*)?$/;
const known = new Set<string>(versionAliases.map((a) => `${a.version} ${a.route}`));

/** The v1 URL an aliased request stands for, or null when it is no alias. */
export function aliasTarget(method: string, url: string): string | null {
  const match = aliasPattern.exec(url);
  if (!match) return null;
  const [, version, path, query = ''] = match;
  // HEAD is answered by the GET route, as express does for v1.
  const asMethod = method === 'HEAD' ? 'GET' : method;
  const trimmed = path!.length > 1 ? path!.replace(/\/$/, '') : path!;
  return known.has(`${version} ${asMethod} ${trimmed}`) ? `/api/v1${path}${query}` : null;
}

export const apiVersionAliases: RequestHandler = (req, _res, next) => {
  const target = aliasTarget(req.method, req.url);
  if (target !== null) req.url = target;
  next();
};
