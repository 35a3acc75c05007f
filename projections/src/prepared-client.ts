// A lane connection that prepares the projectors' statements once: under a steady trickle a lane
// applies a batch of a few dozen events many times a second, and PostgreSQL parsing and planning
// each statement again cost more than the rows it writes (docs/decisions/foundation.md, "A lane's
// statements are prepared once per connection").
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statements one connection keeps prepared at most: texts built per batch (a VALUES list of the
 * batch's length) would otherwise grow a backend's memory without bound. */
export const MAX_PREPARED_PER_CONNECTION = 256;

interface Prepared {
  /** Text -> statement name, for texts seen at least twice. */
  names: Map<string, string>;
  /** Bumped when a prepared statement cannot be used again on this connection. */
  generation: number;
  /** Texts seen once: a text is prepared on its second use, so a one-off text never is. */
  seen: Set<string>;
}

const byConnection = new WeakMap<pg.PoolClient, Prepared>();

function statementName(text: string, generation: number): string {
  return `murmur_p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}_${generation}`;
}

function preparedOf(client: pg.PoolClient): Prepared {
  let prepared = byConnection.get(client);
  if (!prepared) {
    prepared = { names: new Map(), generation: 0, seen: new Set() };
    byConnection.set(client, prepared);
  }
  return prepared;
}

/** The name to run `text` under on this connection, or undefined to run it unnamed. */
function nameFor(client: pg.PoolClient, text: string): string | undefined {
  const prepared = preparedOf(client);
  const known = prepared.names.get(text);
  if (known) return known;
  if (prepared.names.size >= MAX_PREPARED_PER_CONNECTION) return undefined;
  if (!prepared.seen.has(text)) {
    if (prepared.seen.size < MAX_PREPARED_PER_CONNECTION * 4) prepared.seen.add(text);
    return undefined;
  }
  prepared.seen.delete(text);
  const name = statementName(text, prepared.generation);
  prepared.names.set(text, name);
  return name;
}

/** A statement PostgreSQL will not run again under its name on this connection: its result's shape
 * changed under it (a column added to a table it reads with `*`), or it was deallocated. */
function unusable(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && /cached plan must not change result type/.test(message ?? ''));
}

/** The next use of `text` prepares it afresh under a new name (the failed batch is retried). */
function forget(client: pg.PoolClient, text: string): void {
  const prepared = preparedOf(client);
  prepared.names.delete(text);
  prepared.generation++;
  prepared.seen.add(text);
}

/** `client`, with every parameterised `query(text, values)` run as a statement prepared on this
 * connection once its text repeats. A query without values (simple protocol: several statements,
 * `begin`, `savepoint`) goes as it is. */
export function preparingClient(client: pg.PoolClient): pg.PoolClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return (text: unknown, values?: unknown, callback?: unknown) => {
        if (typeof text === 'string' && Array.isArray(values) && callback === undefined) {
          const name = nameFor(target, text);
          if (name)
            return target.query({ name, text, values }).catch((error: unknown) => {
              if (unusable(error)) forget(target, text);
              throw error;
            });
        }
        return Reflect.apply(target.query, target, [text, values, callback]);
      };
    },
  });
}
