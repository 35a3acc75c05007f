// The lobby's interactive tools in the web app: the commands, and how a pushed tool event changes
// what the page read from `GET /lobbies/{id}/tools` (so every member's screen follows live).
import type { LobbyToolsDto } from '@murmur/contracts/lobby-tools';
import { lobbyTools } from '@murmur/contracts/lobby-tools';
import type { PublicEvent } from '@murmur/contracts/public-events';
import { api } from '../api/api.generated.ts';

export const toolActions = {
  rollDice: (lobbyId: string) => api.lobbies.rollDice({ id: lobbyId }),
  luckyNumber: (lobbyId: string) => api.lobbies.luckyNumber({ id: lobbyId }),
  openPoll: (lobbyId: string, question: string, options: string[]) =>
    api.lobbies.openPoll({ id: lobbyId }, { question, options }, { quiet: true }),
  vote: (lobbyId: string, pollId: string, option: number) => api.lobbies.votePoll({ id: lobbyId }, { pollId, option }),
  closePoll: (lobbyId: string, pollId: string) => api.lobbies.closePoll({ id: lobbyId }, { pollId }),
};

export type ToolEvent = PublicEvent<'LobbyDiceRolled' | 'LobbyLuckyNumberDrawn' | 'LobbyPollOpened' | 'LobbyPollVoted' | 'LobbyPollClosed'>;

export const toolEventTypes: ReadonlySet<string> = new Set([
  'LobbyDiceRolled',
  'LobbyLuckyNumberDrawn',
  'LobbyPollOpened',
  'LobbyPollVoted',
  'LobbyPollClosed',
]);

export const isToolEvent = (event: PublicEvent): event is ToolEvent => toolEventTypes.has(event.type);

/** A user as the tools show them, from the lobby's member list. */
export type CardOf = (uid: string) => { uid: string; username: string; profilePicUrl: string | null };

/**
 * The tools' state after a pushed event. `position` orders results and makes a replayed event a
 * no-op; `me` is the reader (their own vote is marked).
 */
export function applyToolEvent(
  state: LobbyToolsDto | undefined,
  event: ToolEvent,
  position: string,
  me: string | null,
  cardOf: CardOf,
): LobbyToolsDto {
  const s: LobbyToolsDto = state ?? { poll: null, recent: [] };
  switch (event.type) {
    case 'LobbyDiceRolled':
    case 'LobbyLuckyNumberDrawn': {
      if (s.recent.some((r) => r.position === position)) return s;
      const d = event.data;
      const result =
        event.type === 'LobbyDiceRolled'
          ? { kind: 'dice' as const, position, user: cardOf(d.uid), dice: event.data.dice, at: d.at }
          : { kind: 'lucky_number' as const, position, user: cardOf(d.uid), number: event.data.number, at: d.at };
      return { ...s, recent: [result, ...s.recent].slice(0, lobbyTools.recentResults) };
    }
    case 'LobbyPollOpened': {
      const d = event.data;
      if (s.poll?.pollId === d.pollId) return s;
      return {
        ...s,
        poll: {
          pollId: d.pollId,
          question: d.question,
          options: d.options,
          counts: d.options.map(() => 0),
          openedBy: cardOf(d.uid),
          myVote: null,
          openedAt: d.at,
          closedAt: null,
        },
      };
    }
    case 'LobbyPollVoted': {
      const d = event.data;
      const poll = s.poll;
      if (!poll || poll.pollId !== d.pollId || poll.closedAt) return s;
      // Our own vote was already counted when its answer came back.
      if (d.uid === me && poll.myVote !== null) return s;
      const counts = poll.counts.map((c, i) => (i === d.option ? c + 1 : c));
      return { ...s, poll: { ...poll, counts, myVote: d.uid === me ? d.option : poll.myVote } };
    }
    case 'LobbyPollClosed': {
      const d = event.data;
      if (!s.poll || s.poll.pollId !== d.pollId) return s;
      return { ...s, poll: { ...s.poll, counts: d.counts, closedAt: d.at } };
    }
    default: {
      const _exhaustive: never = event;
      return s;
    }
  }
}

/** Our own vote, shown at once (the pushed event then changes nothing). */
export function withOwnVote(state: LobbyToolsDto | undefined, pollId: string, option: number): LobbyToolsDto | undefined {
  const poll = state?.poll;
  if (!state || !poll || poll.pollId !== pollId || poll.myVote !== null) return state;
  return { ...state, poll: { ...poll, myVote: option, counts: poll.counts.map((c, i) => (i === option ? c + 1 : c)) } };
}

/** "7" for 3 + 4. */
export const diceTotal = (dice: number[]) => dice.reduce((a, b) => a + b, 0);
