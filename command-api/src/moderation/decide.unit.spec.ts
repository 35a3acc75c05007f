import { moderationTexts, type ReportAction } from '@murmur/contracts';
import { describe, it } from 'vitest';
import { reportDecider, type ReportCommand } from './decide.ts';
import type { ReportEvent, ReportFacts } from './report.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const at = '2026-11-25T10:00:00.000Z';
const given = DeciderSpecification.for(reportDecider);

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
    given().when({ type: 'FileReport', report: chatReport }).then([filed]);
    given(filed).when({ type: 'FileReport', report: chatReport }).thenNothing();
  });
  it('decides a report once: a second decision is refused', () => {
    given(filed)
      .when(decide('ban', 'op', '2026-11-26T10:00:00.000Z'))
      .then([decided('ban', '2026-11-26T10:00:00.000Z')]);
    given(filed, decided('dismiss')).when(decide('ban')).thenThrows('CONFLICT', moderationTexts.reportAlreadyDecided);
    given(filed, decided('ban')).when(decide('dismiss')).thenThrows('CONFLICT', moderationTexts.reportAlreadyDecided);
  });
  it('refuses a decision on no report', () => {
    given().when(decide('warn')).thenThrows('NOT_FOUND', moderationTexts.reportNotFound);
  });
  it('refuses an operator banning or silencing themself', () => {
    given(filed).when(decide('ban', 'troll')).thenThrows('RULE_VIOLATED', moderationTexts.cannotActOnSelf);
    given(filed).when(decide('silence', 'troll')).thenThrows('RULE_VIOLATED', moderationTexts.cannotActOnSelf);
  });
  it('removes only content that can go, and silences only in a lobby', () => {
    const userReport: ReportEvent = {
      type: 'ContentReported',
      data: { ...chatReport, target: { kind: 'user', uid: 'troll' }, lobbyId: null },
    };
    given(userReport).when(decide('remove')).thenThrows('RULE_VIOLATED', moderationTexts.removeNotPossible);
    given(userReport).when(decide('silence')).thenThrows('RULE_VIOLATED', moderationTexts.silenceNeedsLobby);
    given(filed)
      .when(decide('remove'))
      .then([decided('remove')]);
  });
});
