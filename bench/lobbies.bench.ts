// Lobby write paths under contention, each beside a baseline in the same run:
// - chat on one stream per sender (our design) vs the same messages on one shared lobby chat stream;
// - joins into one hot lobby stream (expected-version retries) vs the same number of single-event
//   appends to distinct streams;
// - the last-seat race: 32 admins granting seats at once end with exactly the free seats taken.
import { PostgresEventStore } from '@murmur/eventstore';
import { createLogger } from '@murmur/platform';
import { handleCommand } from '../command-api/src/decider/handle-command.ts';
import { CommandRuntime } from '../command-api/src/decider/command-runtime.ts';
import type { LedgerDeps } from '../command-api/src/dependencies.ts';
import { chatDecider, lobbyDecider, type PostChat } from '../command-api/src/lobbies/decide.ts';
import { lobbyCommands } from '../command-api/src/lobbies/lobby-streams.ts';
import { CreateLobbyBody, streamIds } from '@murmur/contracts';
import { benchDatabase, drive, percentile, report } from './support.ts';
import { benchSize } from './size.ts';

const WORKERS = 32;

export default async function lobbiesBench(): Promise<void> {
  const db = await benchDatabase('lobbies', 48);
  try {
    const store = new PostgresEventStore(db.pool);
    // Time moves 3 s per decision (commands are made at decide time) so the chat rate limit never refuses a benchmark message.
    let tick = Date.parse('2026-11-22T00:00:00Z');
    const now = () => new Date((tick += 3000)).toISOString();
    const deps = {
      pool: db.pool,
      store,
      commands: new CommandRuntime(),
      logger: createLogger('bench'),
      clock: { now: () => new Date(tick) },
    } satisfies LedgerDeps;
    const lobbyId = 'bench-lobby';
    await handleCommand(
      store,
      streamIds.lobby(lobbyId),
      lobbyDecider,
      { type: 'CreateLobby', lobbyId, ownerUid: 'owner', body: CreateLobbyBody.parse({ title: 'Bench' }), now: now() },
      { cache: deps.commands.cacheFor(lobbyCommands.config) },
    );

    const chat = (uid: string, i: number): PostChat => ({
      type: 'PostChat',
      now: now(),
      lobbyId,
      roomId: null,
      messageId: `m-${uid}-${i}`,
      uid,
      messageType: 'text',
      title: null,
      body: `hello ${i}`,
      member: true,
      silenced: false,
      open: true,
    });
    const messages = benchSize({ full: 1000, tiny: 100 });
    // Both without the in-process queue, as writers from many processes: on one shared stream they
    // clash; a message that still clashes after 10 retries is a 409.
    let sharedConflicts = 0;
    const shared = await drive(messages, WORKERS, async (i) => {
      await handleCommand(store, `lobbychat-${lobbyId}`, chatDecider, () => chat(`u${i % WORKERS}`, i), {
        cache: deps.commands.cacheFor(lobbyCommands.config),
      }).catch(() => void sharedConflicts++);
    });
    const perSender = await drive(messages, WORKERS, async (i) => {
      const uid = `u${i % WORKERS}`;
      await handleCommand(store, streamIds.chat(lobbyId, uid), chatDecider, () => chat(uid, i), {
        cache: deps.commands.cacheFor(lobbyCommands.config),
      });
    });
    report({
      bench: 'lobbies',
      case: `chat messages, ${WORKERS} senders in one lobby, one stream per sender`,
      value: perSender.perSecond,
      unit: 'msg/s',
      baseline: shared.perSecond,
      extra: {
        'p99 ms': percentile(perSender.latencies, 99),
        'shared-stream p99 ms': percentile(shared.latencies, 99),
        'shared-stream 409s': sharedConflicts,
      },
    });

    const joins = benchSize({ full: 1500, tiny: 100 });
    const join = (i: number) => ({
      type: 'JoinLobby' as const,
      uid: `j${i}`,
      anonymous: false,
      inviteId: null,
      publicOnly: false,
      paidDiamonds: 0,
      now: now(),
    });
    const distinct = await drive(
      joins,
      WORKERS,
      async (i) =>
        void (await store.append(`plain-${i}`, [{ type: 'TestJoined', data: { uid: `j${i}` } }], { expectedVersion: 'no_stream' })),
    );
    // Our path: commands on the lobby stream queue in the process, folding only new events.
    const queued = await drive(joins, WORKERS, async (i) => void (await lobbyCommands.run(deps, lobbyId, join(i), { actorUid: `j${i}` })));
    report({
      bench: 'lobbies',
      case: `joins into one lobby stream, ${WORKERS} at once (queued per stream)`,
      value: queued.perSecond,
      unit: 'joins/s',
      baseline: distinct.perSecond,
      extra: { 'p50 ms': percentile(queued.latencies, 50), 'p99 ms': percentile(queued.latencies, 99) },
    });
    // Without the queue: 32 writers meet at the expected-version check and retry (what two processes see).
    const other = 'bench-lobby-2';
    await handleCommand(
      store,
      streamIds.lobby(other),
      lobbyDecider,
      { type: 'CreateLobby', lobbyId: other, ownerUid: 'owner', body: CreateLobbyBody.parse({ title: 'Bench 2' }), now: now() },
      { cache: deps.commands.cacheFor(lobbyCommands.config) },
    );
    const contended = await drive(300, WORKERS, async (i) => {
      await handleCommand(store, streamIds.lobby(other), lobbyDecider, () => join(i), {
        cache: deps.commands.cacheFor(lobbyCommands.config),
        maxRetries: 100,
      });
    });
    report({
      bench: 'lobbies',
      case: `joins into one lobby stream, ${WORKERS} at once, optimistic retries only`,
      value: contended.perSecond,
      unit: 'joins/s',
      baseline: distinct.perSecond,
      extra: { 'p50 ms': percentile(contended.latencies, 50), 'p99 ms': percentile(contended.latencies, 99) },
    });

    // The last-seat race at scale: 7 free seats, 32 grants at once, each with its own cache (as
    // from 32 processes), so they meet at the expected-version check.
    let granted = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, w) => {
        try {
          await handleCommand(
            store,
            streamIds.lobby(lobbyId),
            lobbyDecider,
            { type: 'GrantMic', by: 'owner', uid: `j${w}`, now: now() },
            { cache: new CommandRuntime().cache, maxRetries: 50 },
          );
          granted++;
        } catch {
          refused++;
        }
      }),
    );
    report({
      bench: 'lobbies',
      case: 'last-seat race: grants that won (7 free seats, 32 grants at once)',
      value: granted,
      unit: 'grants',
      extra: { refused },
    });
  } finally {
    await db.drop();
  }
}
