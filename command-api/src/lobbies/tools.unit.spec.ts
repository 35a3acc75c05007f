import { lobbyTexts, lobbyToolTexts, type LobbyEvent } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { lobbyDecider, type LobbyCommand } from './decide.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const L = 'lobby1';
const t0 = Date.parse('2026-11-22T10:00:00.000Z');
const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();

const given = DeciderSpecification.for(lobbyDecider);

const created: LobbyEvent = {
  type: 'LobbyCreated',
  data: {
    lobbyId: L,
    ownerUid: 'owner',
    kind: 'public',
    info: {
      title: 'T',
      tag: '',
      description: '',
      languages: [],
      lobbyPhoto: null,
      mainCategoryId: 'chatting',
      backgroundId: 'bg-default',
      isLive: true,
    },
    requiredDiamonds: 0,
    seatCount: 8,
    createdAt: at(0),
  },
};
const joined = (uid: string): LobbyEvent => ({
  type: 'LobbyJoined',
  data: { lobbyId: L, uid, anonymous: false, inviteId: null, paidDiamonds: 0, joinedAt: at(0) },
});
const live = () => [created, joined('ann'), joined('bob')];
const rolled = (uid: string, s: number): LobbyEvent => ({ type: 'LobbyDiceRolled', data: { lobbyId: L, uid, dice: [3, 4], at: at(s) } });
const pollOpened = (uid = 'owner', s = 0): LobbyEvent => ({
  type: 'LobbyPollOpened',
  data: { lobbyId: L, pollId: 'p1', uid, question: 'Pizza or tacos?', options: ['Pizza', 'Tacos'], at: at(s) },
});
const voted = (uid: string, option: number): LobbyEvent => ({
  type: 'LobbyPollVoted',
  data: { lobbyId: L, pollId: 'p1', uid, option, at: at(1) },
});

describe('dice and lucky number', () => {
  it('records the dice the server drew for a member inside', () => {
    given(...live())
      .when({ type: 'RollDice', uid: 'ann', dice: [6, 1], now: at(1) })
      .then([{ type: 'LobbyDiceRolled', data: { lobbyId: L, uid: 'ann', dice: [6, 1], at: at(1) } }]);
    given(...live())
      .when({ type: 'DrawLuckyNumber', uid: 'bob', number: 77, now: at(1) })
      .then([{ type: 'LobbyLuckyNumberDrawn', data: { lobbyId: L, uid: 'bob', number: 77, at: at(1) } }]);
  });

  it('refuses someone outside, a silenced member and an ended lobby', () => {
    given(...live())
      .when({ type: 'RollDice', uid: 'zed', dice: [1, 1], now: at(1) })
      .thenThrows('FORBIDDEN', lobbyToolTexts.notInside);
    given(...live(), { type: 'LobbyUserSilenced', data: { lobbyId: L, uid: 'bob', by: 'owner', at: at(0) } })
      .when({ type: 'DrawLuckyNumber', uid: 'bob', number: 5, now: at(1) })
      .thenThrows('FORBIDDEN', lobbyToolTexts.silenced);
    given(...live(), { type: 'LobbyEnded', data: { lobbyId: L, by: 'owner', reason: 'ended', endedAt: at(0) } })
      .when({ type: 'RollDice', uid: 'owner', dice: [1, 2], now: at(1) })
      .thenThrows('RULE_VIOLATED', lobbyTexts.lobbyClosed);
  });

  it('lets a member use a tool once per cooldown, decided on the stream', () => {
    given(...live(), rolled('ann', 1))
      .when({ type: 'DrawLuckyNumber', uid: 'ann', number: 9, now: at(3) })
      .thenThrows('RATE_LIMITED', lobbyToolTexts.tooFast);
    given(...live(), rolled('ann', 1))
      .when({ type: 'RollDice', uid: 'bob', dice: [2, 2], now: at(2) })
      .then([{ type: 'LobbyDiceRolled', data: { lobbyId: L, uid: 'bob', dice: [2, 2], at: at(2) } }]);
    given(...live(), rolled('ann', 1))
      .when({ type: 'RollDice', uid: 'ann', dice: [2, 2], now: at(4) })
      .then([{ type: 'LobbyDiceRolled', data: { lobbyId: L, uid: 'ann', dice: [2, 2], at: at(4) } }]);
  });

  it('caps the whole lobby at 20 uses in 10 seconds', () => {
    const members = Array.from({ length: 21 }, (_, i) => `m${i}`);
    const busy = [created, ...members.map(joined), ...members.slice(0, 20).map((m, i) => rolled(m, i * 0.4))];
    given(...busy)
      .when({ type: 'RollDice', uid: 'm20', dice: [1, 1], now: at(8.5) })
      .thenThrows('RATE_LIMITED', lobbyToolTexts.lobbyBusy);
    given(...busy)
      .when({ type: 'RollDice', uid: 'm20', dice: [1, 1], now: at(10.1) })
      .then([{ type: 'LobbyDiceRolled', data: { lobbyId: L, uid: 'm20', dice: [1, 1], at: at(10.1) } }]);
  });

  it('never records a value outside the dice or the number range', () => {
    expect(() =>
      given(...live())
        .when({ type: 'RollDice', uid: 'ann', dice: [7, 1], now: at(1) })
        .then([]),
    ).toThrow(/outside/);
    expect(() =>
      given(...live())
        .when({ type: 'RollDice', uid: 'ann', dice: [1], now: at(1) })
        .then([]),
    ).toThrow(/2 dice/);
    expect(() =>
      given(...live())
        .when({ type: 'DrawLuckyNumber', uid: 'ann', number: 0, now: at(1) })
        .then([]),
    ).toThrow(/outside/);
  });
});

describe('quick poll', () => {
  const open = (uid: string, s = 1): LobbyCommand => ({
    type: 'OpenPoll',
    uid,
    pollId: 'p2',
    question: 'Next song?',
    options: ['A', 'B', 'C'],
    now: at(s),
  });

  it('is started by the lobby staff or someone seated, one at a time', () => {
    given(...live())
      .when(open('owner'))
      .then([
        {
          type: 'LobbyPollOpened',
          data: { lobbyId: L, pollId: 'p2', uid: 'owner', question: 'Next song?', options: ['A', 'B', 'C'], at: at(1) },
        },
      ]);
    given(...live())
      .when(open('ann'))
      .thenThrows('FORBIDDEN', lobbyToolTexts.pollNeedsStage);
    given(...live(), { type: 'MicGranted', data: { lobbyId: L, uid: 'ann', seat: 1, by: 'owner', at: at(0) } })
      .when(open('ann'))
      .then([
        {
          type: 'LobbyPollOpened',
          data: { lobbyId: L, pollId: 'p2', uid: 'ann', question: 'Next song?', options: ['A', 'B', 'C'], at: at(1) },
        },
      ]);
    given(...live(), pollOpened('owner', 0))
      .when(open('owner', 10))
      .thenThrows('RULE_VIOLATED', lobbyToolTexts.pollOpenAlready);
  });

  it('takes one vote per member', () => {
    given(...live(), pollOpened())
      .when({ type: 'VotePoll', uid: 'ann', pollId: 'p1', option: 1, now: at(2) })
      .then([{ type: 'LobbyPollVoted', data: { lobbyId: L, pollId: 'p1', uid: 'ann', option: 1, at: at(2) } }]);
    given(...live(), pollOpened(), voted('ann', 1))
      .when({ type: 'VotePoll', uid: 'ann', pollId: 'p1', option: 0, now: at(2) })
      .thenThrows('CONFLICT', lobbyToolTexts.alreadyVoted);
    given(...live(), pollOpened(), voted('ann', 1))
      .when({ type: 'VotePoll', uid: 'bob', pollId: 'p1', option: 0, now: at(2) })
      .then([{ type: 'LobbyPollVoted', data: { lobbyId: L, pollId: 'p1', uid: 'bob', option: 0, at: at(2) } }]);
  });

  it('refuses a vote for no option, in a closed poll, or from outside', () => {
    given(...live(), pollOpened())
      .when({ type: 'VotePoll', uid: 'ann', pollId: 'p1', option: 2, now: at(2) })
      .thenThrows('VALIDATION_FAILED', lobbyToolTexts.noSuchOption);
    given(...live(), pollOpened())
      .when({ type: 'VotePoll', uid: 'ann', pollId: 'other', option: 0, now: at(2) })
      .thenThrows('RULE_VIOLATED', lobbyToolTexts.pollClosed);
    given(...live(), pollOpened())
      .when({ type: 'VotePoll', uid: 'zed', pollId: 'p1', option: 0, now: at(2) })
      .thenThrows('FORBIDDEN', lobbyToolTexts.notInside);
    const closed: LobbyEvent = { type: 'LobbyPollClosed', data: { lobbyId: L, pollId: 'p1', by: 'owner', counts: [0, 0], at: at(1) } };
    given(...live(), pollOpened(), closed)
      .when({ type: 'VotePoll', uid: 'ann', pollId: 'p1', option: 0, now: at(2) })
      .thenThrows('RULE_VIOLATED', lobbyToolTexts.pollClosed);
  });

  it('is closed by whoever started it or by staff, with the counts, once', () => {
    const votes = [pollOpened(), voted('ann', 1), voted('bob', 1), voted('owner', 0)];
    given(...live(), ...votes)
      .when({ type: 'ClosePoll', by: 'owner', pollId: 'p1', now: at(5) })
      .then([{ type: 'LobbyPollClosed', data: { lobbyId: L, pollId: 'p1', by: 'owner', counts: [1, 2], at: at(5) } }]);
    given(...live(), ...votes)
      .when({ type: 'ClosePoll', by: 'ann', pollId: 'p1', now: at(5) })
      .thenThrows('FORBIDDEN', lobbyToolTexts.closeNotAllowed);
    given(...live(), ...votes, { type: 'LobbyPollClosed', data: { lobbyId: L, pollId: 'p1', by: 'owner', counts: [1, 2], at: at(5) } })
      .when({ type: 'ClosePoll', by: 'owner', pollId: 'p1', now: at(6) })
      .thenNothing();
  });

  it('opens again after the last one closed, and none survives the lobby ending', () => {
    const closed: LobbyEvent = { type: 'LobbyPollClosed', data: { lobbyId: L, pollId: 'p1', by: 'owner', counts: [0, 0], at: at(1) } };
    given(...live(), pollOpened(), closed)
      .when(open('owner', 5))
      .then([
        {
          type: 'LobbyPollOpened',
          data: { lobbyId: L, pollId: 'p2', uid: 'owner', question: 'Next song?', options: ['A', 'B', 'C'], at: at(5) },
        },
      ]);
    const lobbyEnded: LobbyEvent = { type: 'LobbyEnded', data: { lobbyId: L, by: 'owner', reason: 'ended', endedAt: at(1) } };
    expect(given(...live(), pollOpened(), lobbyEnded).state.tools.poll).toBeNull();
  });
});
