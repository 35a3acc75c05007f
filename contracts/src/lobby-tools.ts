// The lobby's interactive tools (the spec's "interactive tools" modal): two dice, a lucky number
// and a quick poll. Each is an event on `lobby-{id}`, so everyone in the lobby sees it live and
// one vote per member is decided on that one stream. The random values are drawn by the server
// and handed to the decider.
import { z } from 'zod';
import { commandAnswer, UserCard } from './answers.ts';
import { limits } from './constants.ts';
import { formatText, texts } from './errors.ts';
import type { EventUnionOf } from './event-map.ts';

export const lobbyTools = {
  /** Two six-sided dice per roll. */
  dice: { count: 2, faces: 6 },
  /** A lucky number is drawn from 1 to 100. */
  luckyNumber: { min: 1, max: 100 },
  poll: { minOptions: 2, maxOptions: 4, optionMaxChars: 40 },
  /** One tool use (roll, draw, poll opened) per member in this many seconds. */
  memberCooldownSeconds: 3,
  /** At most this many tool uses per lobby in the window below, whoever uses them. */
  lobbyUsesPerWindow: 20,
  lobbyWindowSeconds: 10,
  /** Results a page shows again after a reload. */
  recentResults: 10,
} as const;

export const lobbyToolTexts = {
  tooFast: 'You are using the tools too quickly. Please wait a moment.',
  lobbyBusy: 'The tools are busy in this lobby. Please try again in a few seconds.',
  notInside: 'Join the lobby to use its tools.',
  silenced: 'You are silenced in this lobby.',
  pollOpenAlready: 'A poll is already open in this lobby. Close it before starting another.',
  pollNeedsStage: 'Only the hosts, speakers and lobby admins can start a poll.',
  pollClosed: 'This poll has closed.',
  alreadyVoted: 'You have already voted in this poll.',
  noSuchOption: 'Choose one of the poll options.',
  closeNotAllowed: 'Only whoever started the poll or a lobby admin can close it.',
  optionsCount: `A poll has ${lobbyTools.poll.minOptions} to ${lobbyTools.poll.maxOptions} options.`,
  optionsDistinct: 'Each option must be different.',
} as const;

const maxText = formatText(texts.maxChars, { n: limits.text });
const required = (field: string) => formatText(texts.required, { field });
const int = z.number().int();

// ---------------------------------------------------------------- commands

export const OpenPollBody = z.object({
  question: z
    .string({ error: required('Question') })
    .trim()
    .min(1, required('Question'))
    .max(limits.text, maxText),
  options: z
    .array(
      z
        .string({ error: required('Option') })
        .trim()
        .min(1, required('Option'))
        .max(lobbyTools.poll.optionMaxChars, formatText(texts.maxChars, { n: lobbyTools.poll.optionMaxChars })),
      { error: lobbyToolTexts.optionsCount },
    )
    .min(lobbyTools.poll.minOptions, lobbyToolTexts.optionsCount)
    .max(lobbyTools.poll.maxOptions, lobbyToolTexts.optionsCount)
    .refine((o) => new Set(o.map((x) => x.toLowerCase())).size === o.length, lobbyToolTexts.optionsDistinct),
});
export type OpenPollBody = z.infer<typeof OpenPollBody>;

export const VotePollBody = z.object({
  pollId: z.string().min(1).max(64),
  option: int.min(0).max(lobbyTools.poll.maxOptions - 1, lobbyToolTexts.noSuchOption),
});
export type VotePollBody = z.infer<typeof VotePollBody>;

export const ClosePollBody = z.object({ pollId: z.string().min(1).max(64) });
export type ClosePollBody = z.infer<typeof ClosePollBody>;

// ---------------------------------------------------------------- events on lobby-{id}

export const LobbyDiceRolled = z.object({ lobbyId: z.string(), uid: z.string(), dice: z.array(int), at: z.string() });
export const LobbyLuckyNumberDrawn = z.object({ lobbyId: z.string(), uid: z.string(), number: int, at: z.string() });
export const LobbyPollOpened = z.object({
  lobbyId: z.string(),
  pollId: z.string(),
  uid: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  at: z.string(),
});
export const LobbyPollVoted = z.object({ lobbyId: z.string(), pollId: z.string(), uid: z.string(), option: int, at: z.string() });
/** `counts`: votes per option when it closed. */
export const LobbyPollClosed = z.object({ lobbyId: z.string(), pollId: z.string(), by: z.string(), counts: z.array(int), at: z.string() });

export const lobbyToolEventSchemas = { LobbyDiceRolled, LobbyLuckyNumberDrawn, LobbyPollOpened, LobbyPollVoted, LobbyPollClosed } as const;
export type LobbyToolEvent = EventUnionOf<typeof lobbyToolEventSchemas>;

// ---------------------------------------------------------------- answers and DTOs

export const DiceRolledAnswer = commandAnswer({ dice: z.array(int) });
export const LuckyNumberAnswer = commandAnswer({ number: int });
export const PollAnswer = commandAnswer({ pollId: z.string() });

export const LobbyPollDto = z.object({
  pollId: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  counts: z.array(int),
  openedBy: UserCard,
  /** The option the caller voted for; null when they have not voted (or are not signed in). */
  myVote: int.nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type LobbyPollDto = z.infer<typeof LobbyPollDto>;

export const LobbyToolResultDto = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dice'), position: z.string(), user: UserCard, dice: z.array(int), at: z.string() }),
  z.object({ kind: z.literal('lucky_number'), position: z.string(), user: UserCard, number: int, at: z.string() }),
]);
export type LobbyToolResultDto = z.infer<typeof LobbyToolResultDto>;

/** The lobby's latest poll (open, or the last one closed) and its latest results, newest first. */
export const LobbyToolsDto = z.object({ poll: LobbyPollDto.nullable(), recent: z.array(LobbyToolResultDto) });
export type LobbyToolsDto = z.infer<typeof LobbyToolsDto>;

/** Votes per option, from a poll's votes by member. */
export function pollCounts(options: number, votes: Iterable<number>): number[] {
  const counts = Array.from({ length: options }, () => 0);
  for (const v of votes) if (v >= 0 && v < options) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
