// The report decider: a report is filed once and decided once. A second decision is refused with
// the console's text and writes nothing; an operator cannot ban or silence themself.
import { moderationTexts, reportEventSchemas, type ReportAction } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveReport, initialReportState, type ReportEvent, type ReportFacts, type ReportState } from './report.ts';

export type ReportCommand =
  | { type: 'FileReport'; report: ReportFacts }
  | { type: 'DecideReport'; action: ReportAction; reason: string; until: string | null; by: string; now: string };

/** What each action needs of the report: remove needs content that can go, silence a lobby. */
function requireActionFits(action: ReportAction, report: ReportFacts, by: string): void {
  if ((action === 'ban' || action === 'silence') && report.subjectUid === by)
    throw new ApiError('RULE_VIOLATED', moderationTexts.cannotActOnSelf);
  if ((action === 'ban' || action === 'silence' || action === 'warn') && !report.subjectUid)
    throw new ApiError('RULE_VIOLATED', moderationTexts.contentNotFound);
  if (action === 'silence' && !report.lobbyId) throw new ApiError('RULE_VIOLATED', moderationTexts.silenceNeedsLobby);
  if (action === 'remove' && (report.target.kind === 'user' || report.target.kind === 'dm'))
    throw new ApiError('RULE_VIOLATED', moderationTexts.removeNotPossible);
}

export function decideReport(command: ReportCommand, state: ReportState): ReportEvent[] {
  switch (command.type) {
    case 'FileReport':
      if (state.report) return [];
      return [{ type: 'ContentReported', data: command.report }];
    case 'DecideReport': {
      const report = state.report;
      if (!report) throw new ApiError('NOT_FOUND', moderationTexts.reportNotFound);
      if (state.decided) throw new ApiError('CONFLICT', moderationTexts.reportAlreadyDecided);
      requireActionFits(command.action, report, command.by);
      return [
        {
          type: 'ReportDecided',
          data: {
            reportId: report.reportId,
            reporterUid: report.reporterUid,
            subjectUid: report.subjectUid,
            lobbyId: report.lobbyId,
            kind: report.target.kind,
            action: command.action,
            reason: command.reason,
            until: command.until,
            decidedBy: command.by,
            decidedAt: command.now,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const reportDecider: Decider<ReportState, ReportCommand, ReportEvent> = {
  evolvesOn: reportEventSchemas,
  initialState: initialReportState,
  evolve: evolveReport,
  decide: decideReport,
};
