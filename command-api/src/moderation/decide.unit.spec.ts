import { moderationTexts, type ReportAction } from '@murmur/contracts';
import { describe, expect, it } from 'vitest';
import { decideReport, reportDecider, type ReportCommand } from './decide.ts';
import type { ReportEvent, ReportFacts } from './report.ts';

const at = '2026-11-25T10:00:00.000Z';
const given = (events: ReportEvent[]) => ({
  when: (command: ReportCommand) => {
    const state = events.reduce(reportDecider.evolve, reportDecider.initialState());
    return {
      then: (expected: ReportEvent[]) => expect(decideReport(command, state)).toEqual(expected),
      thenThrows: (message: string) => expect(() => decideReport(command, state)).toThrow(message),
    };
  },
});

const chatReport: ReportFacts = {
  reportId: 'r1',
  reporterUid: 'amy',
  target: { kind: 'message', lobbyId: 'l1', messageId: 'm1' },
  subjectUid: 'troll',
  lobbyId: 'l1',
  content: 'buy followers at scam.example',
  context: [],
  reason: 'spam',
  reportedAt: at,
};
const filed: ReportEvent = { type: 'ContentReported', data: chatReport };
const decide = (action: ReportAction, by = 'op', until: string | null = null): ReportCommand => ({
  type: 'DecideReport',
  action,
  reason: 'spam links',
  until,
  by,
  now: at,
});
const decided = (action: 'ban' | 'dismiss' | 'warn' | 'silence' | 'remove', until: string | null = null): ReportEvent => ({
  type: 'ReportDecided',
  data: {
    reportId: 'r1',
    reporterUid: 'amy',
    subjectUid: 'troll',
    lobbyId: 'l1',
    kind: 'message',
    action,
    reason: 'spam links',
    until,
    decidedBy: 'op',
    decidedAt: at,
  },
});

describe('report decider', () => {
  it('files a report once', () => {
    given([]).when({ type: 'FileReport', report: chatReport }).then([filed]);
    given([filed]).when({ type: 'FileReport', report: chatReport }).then([]);
  });
  it('decides a report once: a second decision is refused', () => {
    given([filed])
      .when(decide('ban', 'op', '2026-11-26T10:00:00.000Z'))
      .then([decided('ban', '2026-11-26T10:00:00.000Z')]);
    given([filed, decided('dismiss')])
      .when(decide('ban'))
      .thenThrows(moderationTexts.reportAlreadyDecided);
    given([filed, decided('ban')])
      .when(decide('dismiss'))
      .thenThrows(moderationTexts.reportAlreadyDecided);
  });
  it('refuses a decision on no report', () => {
    given([]).when(decide('warn')).thenThrows(moderationTexts.reportNotFound);
  });
  it('refuses an operator banning or silencing themself', () => {
    given([filed]).when(decide('ban', 'troll')).thenThrows(moderationTexts.cannotActOnSelf);
    given([filed]).when(decide('silence', 'troll')).thenThrows(moderationTexts.cannotActOnSelf);
  });
  it('removes only content that can go, and silences only in a lobby', () => {
    const userReport: ReportEvent = {
      type: 'ContentReported',
      data: { ...chatReport, target: { kind: 'user', uid: 'troll' }, lobbyId: null },
    };
    given([userReport]).when(decide('remove')).thenThrows(moderationTexts.removeNotPossible);
    given([userReport]).when(decide('silence')).thenThrows(moderationTexts.silenceNeedsLobby);
    given([filed])
      .when(decide('remove'))
      .then([decided('remove')]);
  });
});
