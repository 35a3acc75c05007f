// The interactive tools' commands: the server draws dice and lucky numbers (node:crypto) and the
// lobby's decider records them, so no client picks its own luck.
import { randomInt, randomUUID } from 'node:crypto';
import {
  ClosePollBody,
  CommandAnswer,
  DiceRolledAnswer,
  LuckyNumberAnswer,
  lobbyTexts,
  lobbyTools,
  OpenPollBody,
  PollAnswer,
  VotePollBody,
} from '@murmur/contracts';
import { ApiError, currentUser, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import { lobbyCommands } from './lobby-streams.ts';

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

function lobbyIdOf(req: express.Request): string {
  const value = String(req.params.id ?? '');
  if (!idPattern.test(value)) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
  return value;
}

/** `randomInt`'s upper bound is exclusive. */
const draw = (min: number, max: number) => randomInt(min, max + 1);

export function lobbyToolRoutes(router: express.Router, deps: CommandDeps): void {
  const auth = requireAuth();
  const now = () => deps.clock.now().toISOString();

  router.post('/lobbies/:id/tools/dice', auth, async (req, res) => {
    const me = currentUser(req);
    const dice = Array.from({ length: lobbyTools.dice.count }, () => draw(1, lobbyTools.dice.faces));
    const result = await lobbyCommands.run(deps, lobbyIdOf(req), { type: 'RollDice', uid: me.uid, dice, now: now() }, { actorUid: me.uid });
    send(res, DiceRolledAnswer, { position: result.position.toString(), dice });
  });

  router.post('/lobbies/:id/tools/lucky-number', auth, async (req, res) => {
    const me = currentUser(req);
    const number = draw(lobbyTools.luckyNumber.min, lobbyTools.luckyNumber.max);
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(req),
      { type: 'DrawLuckyNumber', uid: me.uid, number, now: now() },
      { actorUid: me.uid },
    );
    send(res, LuckyNumberAnswer, { position: result.position.toString(), number });
  });

  router.post('/lobbies/:id/tools/poll', auth, async (req, res) => {
    const me = currentUser(req);
    const body = parse(OpenPollBody, req.body);
    const pollId = randomUUID();
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(req),
      { type: 'OpenPoll', uid: me.uid, pollId, question: body.question, options: body.options, now: now() },
      { actorUid: me.uid },
    );
    send(res, PollAnswer, { position: result.position.toString(), pollId }, 201);
  });

  router.post('/lobbies/:id/tools/poll/vote', auth, async (req, res) => {
    const me = currentUser(req);
    const body = parse(VotePollBody, req.body);
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(req),
      { type: 'VotePoll', uid: me.uid, pollId: body.pollId, option: body.option, now: now() },
      { actorUid: me.uid },
    );
    send(res, CommandAnswer, { position: result.position.toString() });
  });

  router.post('/lobbies/:id/tools/poll/close', auth, async (req, res) => {
    const me = currentUser(req);
    const body = parse(ClosePollBody, req.body);
    const result = await lobbyCommands.run(
      deps,
      lobbyIdOf(req),
      { type: 'ClosePoll', by: me.uid, pollId: body.pollId, now: now() },
      { actorUid: me.uid },
    );
    send(res, CommandAnswer, { position: result.position.toString() });
  });
}
