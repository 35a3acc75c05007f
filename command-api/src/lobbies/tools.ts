// The lobby's interactive tools, decided on `lobby-{id}`: dice, a lucky number and a quick poll.
// The route draws the random values and hands them in, so the decider stays pure. Rate limits and
// "one vote per member" are decided here, on the lobby stream, with its expected version.
import { isLobbyStaff, lobbyTexts, lobbyTools, lobbyToolTexts, pollCounts, type LobbyToolEvent } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { isOpen, seatOf, type LobbyState } from './lobby.ts';

export interface LobbyPollState {
  pollId: string;
  openedBy: string;
  options: number;
  /** The option each member voted for. */
  votes: Readonly<Record<string, number>>;
}

export interface LobbyToolsState {
  /** Members' last tool use, kept only while it still counts for the cooldown. */
  lastUse: Readonly<Record<string, string>>;
  /** The lobby's tool uses still inside the lobby-wide window, oldest first. */
  recentUses: readonly string[];
  /** The open poll; null when none is open. */
  poll: LobbyPollState | null;
}

export const initialToolsState = (): LobbyToolsState => ({ lastUse: {}, recentUses: [], poll: null });

const ms = (iso: string) => Date.parse(iso);

/** A tool use at `at`: counted for the member and the lobby; what is older than its window is dropped. */
function used(t: LobbyToolsState, uid: string, at: string): LobbyToolsState {
  const now = ms(at);
  const lastUse: Record<string, string> = {};
  for (const [u, when] of Object.entries(t.lastUse)) if (now - ms(when) < lobbyTools.memberCooldownSeconds * 1000) lastUse[u] = when;
  lastUse[uid] = at;
  const recentUses = [...t.recentUses.filter((when) => now - ms(when) < lobbyTools.lobbyWindowSeconds * 1000), at];
  return { ...t, lastUse, recentUses };
}

export function evolveTools(t: LobbyToolsState, event: LobbyToolEvent): LobbyToolsState {
  switch (event.type) {
    case 'LobbyDiceRolled':
    case 'LobbyLuckyNumberDrawn':
      return used(t, event.data.uid, event.data.at);
    case 'LobbyPollOpened': {
      const d = event.data;
      return { ...used(t, d.uid, d.at), poll: { pollId: d.pollId, openedBy: d.uid, options: d.options.length, votes: {} } };
    }
    case 'LobbyPollVoted': {
      const d = event.data;
      if (!t.poll || t.poll.pollId !== d.pollId) return t;
      return { ...t, poll: { ...t.poll, votes: { ...t.poll.votes, [d.uid]: d.option } } };
    }
    case 'LobbyPollClosed':
      return t.poll?.pollId === event.data.pollId ? { ...t, poll: null } : t;
    default: {
      const _exhaustive: never = event;
      return t;
    }
  }
}

export type LobbyToolCommand =
  | { type: 'RollDice'; uid: string; dice: number[]; now: string }
  | { type: 'DrawLuckyNumber'; uid: string; number: number; now: string }
  | { type: 'OpenPoll'; uid: string; pollId: string; question: string; options: string[]; now: string }
  | { type: 'VotePoll'; uid: string; pollId: string; option: number; now: string }
  | { type: 'ClosePoll'; by: string; pollId: string; now: string };

const rule = (message: string) => new ApiError('RULE_VIOLATED', message);

/** Someone inside an open lobby, not silenced there. */
function requireInside(s: LobbyState, uid: string): void {
  if (!s.exists) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
  if (!isOpen(s)) throw rule(lobbyTexts.lobbyClosed);
  if (!s.members.has(uid)) throw new ApiError('FORBIDDEN', lobbyToolTexts.notInside);
  if (s.silenced.includes(uid)) throw new ApiError('FORBIDDEN', lobbyToolTexts.silenced);
}

/** The member's cooldown and the lobby's window, at `now`. */
function requireWithinLimits(s: LobbyState, uid: string, now: string): void {
  const last = s.tools.lastUse[uid];
  if (last !== undefined && ms(now) - ms(last) < lobbyTools.memberCooldownSeconds * 1000) {
    throw new ApiError('RATE_LIMITED', lobbyToolTexts.tooFast, { retryAfterSeconds: lobbyTools.memberCooldownSeconds });
  }
  const inWindow = s.tools.recentUses.filter((when) => ms(now) - ms(when) < lobbyTools.lobbyWindowSeconds * 1000).length;
  if (inWindow >= lobbyTools.lobbyUsesPerWindow)
    throw new ApiError('RATE_LIMITED', lobbyToolTexts.lobbyBusy, { retryAfterSeconds: lobbyTools.lobbyWindowSeconds });
}

/** A value the route drew outside its range is a bug, never the user's input. */
function requireDrawn(value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`drawn value ${value} outside ${min}..${max}`);
}

export function decideTool(c: LobbyToolCommand, s: LobbyState): LobbyToolEvent[] {
  const at = c.now;
  switch (c.type) {
    case 'RollDice': {
      requireInside(s, c.uid);
      requireWithinLimits(s, c.uid, at);
      if (c.dice.length !== lobbyTools.dice.count) throw new Error(`expected ${lobbyTools.dice.count} dice`);
      for (const d of c.dice) requireDrawn(d, 1, lobbyTools.dice.faces);
      return [{ type: 'LobbyDiceRolled', data: { lobbyId: s.lobbyId, uid: c.uid, dice: c.dice, at } }];
    }
    case 'DrawLuckyNumber': {
      requireInside(s, c.uid);
      requireWithinLimits(s, c.uid, at);
      requireDrawn(c.number, lobbyTools.luckyNumber.min, lobbyTools.luckyNumber.max);
      return [{ type: 'LobbyLuckyNumberDrawn', data: { lobbyId: s.lobbyId, uid: c.uid, number: c.number, at } }];
    }
    case 'OpenPoll': {
      requireInside(s, c.uid);
      if (!isLobbyStaff(s, c.uid) && seatOf(s, c.uid) < 0) throw new ApiError('FORBIDDEN', lobbyToolTexts.pollNeedsStage);
      if (s.tools.poll) throw rule(lobbyToolTexts.pollOpenAlready);
      requireWithinLimits(s, c.uid, at);
      return [
        {
          type: 'LobbyPollOpened',
          data: { lobbyId: s.lobbyId, pollId: c.pollId, uid: c.uid, question: c.question, options: c.options, at },
        },
      ];
    }
    case 'VotePoll': {
      requireInside(s, c.uid);
      const poll = s.tools.poll;
      if (!poll || poll.pollId !== c.pollId) throw rule(lobbyToolTexts.pollClosed);
      if (poll.votes[c.uid] !== undefined) throw new ApiError('CONFLICT', lobbyToolTexts.alreadyVoted);
      if (!Number.isInteger(c.option) || c.option < 0 || c.option >= poll.options)
        throw new ApiError('VALIDATION_FAILED', lobbyToolTexts.noSuchOption);
      return [{ type: 'LobbyPollVoted', data: { lobbyId: s.lobbyId, pollId: c.pollId, uid: c.uid, option: c.option, at } }];
    }
    case 'ClosePoll': {
      if (!s.exists) throw new ApiError('NOT_FOUND', lobbyTexts.lobbyNotFound);
      if (!isOpen(s)) throw rule(lobbyTexts.lobbyClosed);
      const poll = s.tools.poll;
      if (!poll || poll.pollId !== c.pollId) return [];
      if (c.by !== poll.openedBy && !isLobbyStaff(s, c.by)) throw new ApiError('FORBIDDEN', lobbyToolTexts.closeNotAllowed);
      return [
        {
          type: 'LobbyPollClosed',
          data: { lobbyId: s.lobbyId, pollId: c.pollId, by: c.by, counts: pollCounts(poll.options, Object.values(poll.votes)), at },
        },
      ];
    }
    default: {
      const _exhaustive: never = c;
      throw new Error('unknown tool command');
    }
  }
}
