// The interactive tools' commands: the server draws dice and lucky numbers (node:crypto) and the
// lobby's decider records them, so no client picks its own luck.
import { randomInt, randomUUID } from 'node:crypto';
import { lobbyTools } from '@murmur/contracts';
import { defineRoute } from '@murmur/platform';
import type express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import { lobbyCommands } from './lobby-streams.ts';
import { lobbyIdOf } from './path-ids.ts';

/** `randomInt`'s upper bound is exclusive. */
const draw = (min: number, max: number) => randomInt(min, max + 1);

export function lobbyToolRoutes(router: express.Router, deps: CommandDeps): void {
  const now = () => deps.clock.now().toISOString();

  defineRoute(router, 'POST /lobbies/{id}/tools/dice', async ({ me, params }) => {
    const dice = Array.from({ length: lobbyTools.dice.count }, () => draw(1, lobbyTools.dice.faces));
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(params.id),
      { type: 'RollDice', uid: me.uid, dice, now: now() },
      { actorUid: me.uid },
    );
    return { position: result.position.toString(), dice };
  });

  defineRoute(router, 'POST /lobbies/{id}/tools/lucky-number', async ({ me, params }) => {
    const number = draw(lobbyTools.luckyNumber.min, lobbyTools.luckyNumber.max);
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(params.id),
      { type: 'DrawLuckyNumber', uid: me.uid, number, now: now() },
      { actorUid: me.uid },
    );
    return { position: result.position.toString(), number };
  });

  defineRoute(router, 'POST /lobbies/{id}/tools/poll', async ({ me, body, params }) => {
    const pollId = randomUUID();
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(params.id),
      { type: 'OpenPoll', uid: me.uid, pollId, question: body.question, options: body.options, now: now() },
      { actorUid: me.uid },
    );
    return { position: result.position.toString(), pollId };
  });

  defineRoute(router, 'POST /lobbies/{id}/tools/poll/vote', async ({ me, body, params }) => {
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(params.id),
      { type: 'VotePoll', uid: me.uid, pollId: body.pollId, option: body.option, now: now() },
      { actorUid: me.uid },
    );
    return { position: result.position.toString() };
  });

  defineRoute(router, 'POST /lobbies/{id}/tools/poll/close', async ({ me, body, params }) => {
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(params.id),
      { type: 'ClosePoll', by: me.uid, pollId: body.pollId, now: now() },
      { actorUid: me.uid },
    );
    return { position: result.position.toString() };
  });
}
