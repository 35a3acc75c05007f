// What other modules may use of moderation: filing a report (its facts and its command handler).
import { randomUUID } from 'node:crypto';
import { moderationTexts, streamIds, type ReportBody } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { CommandDeps } from '../dependencies.ts';
import { reportDecider } from './decide.ts';
import { type ReportFacts } from './report.ts';
import { resolveReportSubject } from './report-subjects.ts';

export const reportCommands = defineCommandHandler({ decider: reportDecider, streamId: streamIds.report });

/** A new report's facts: the subject resolved now, as the reporter saw it. */
export async function newReport(deps: CommandDeps, reporterUid: string, body: ReportBody, now: string): Promise<ReportFacts> {
  const subject = await resolveReportSubject(deps.pool, reporterUid, body.target);
  if (subject.subjectUid === reporterUid) throw new ApiError('RULE_VIOLATED', moderationTexts.cannotReportSelf);
  return { reportId: randomUUID(), reporterUid, target: body.target, ...subject, reason: body.reason, reportedAt: now };
}
