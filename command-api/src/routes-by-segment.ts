// The /api/v1 routes grouped by their first path segment (`/gifting`, `/lobbies`...), each group an
// express router mounted at that segment. Express tries a router's layers one by one until one
// matches, so with every route in one router a request paid a pattern test for each route before its
// own (send-gift was the 49th of ~170, a lobby chat message the 106th) and, past 100 layers in one
// go, a setImmediate hop. Grouped, it walks the ~30 segment mounts and then its group only.
//
// Routes keep their order within a group; routes of different groups cannot match the same path (no
// catalogued path starts with a parameter), so the order between groups never mattered. Mounting is
// express's own: req.url and req.baseUrl are restored when a request leaves a group, so the error and
// not-found handlers see the full path as before, and the OpenAPI test still reads every route.
import express from 'express';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const methods: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];

export interface RoutesBySegment {
  /** What the modules register their routes on (only the verbs; nothing else is used). */
  router: express.Router;
  /** Mounts every group on `parent`, in the order their segments were first registered. */
  mountOn(parent: express.Router): void;
}

export function routesBySegment(): RoutesBySegment {
  const groups = new Map<string, express.Router>();
  const groupOf = (segment: string) => {
    let group = groups.get(segment);
    if (!group) {
      group = express.Router();
      groups.set(segment, group);
    }
    return group;
  };
  const register =
    (method: Method) =>
    (path: unknown, ...handlers: express.RequestHandler[]) => {
      const match = typeof path === 'string' ? /^\/([A-Za-z0-9_.~-]+)(\/.*)?$/.exec(path) : null;
      if (!match) throw new Error(`a command route must start with a literal segment: ${String(path)}`);
      groupOf(match[1]!)[method](match[2] ?? '/', ...handlers);
    };
  const facade = Object.fromEntries(methods.map((m) => [m, register(m)]));
  return {
    router: facade as unknown as express.Router,
    mountOn(parent) {
      for (const [segment, group] of groups) parent.use(`/${segment}`, group);
    },
  };
}
