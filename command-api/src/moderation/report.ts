// A report's stream (`report-{id}`): what was reported, by whom, and its one decision.
import type { ContentReportedData, EventUnionOf, reportEventSchemas } from '@murmur/contracts';
import type { z } from 'zod';

export type ReportEvent = EventUnionOf<typeof reportEventSchemas>;
export type ReportFacts = z.infer<typeof ContentReportedData>;

export interface ReportState {
  report: ReportFacts | null;
  decided: boolean;
}

export const initialReportState = (): ReportState => ({ report: null, decided: false });

export function evolveReport(state: ReportState, event: ReportEvent): ReportState {
  switch (event.type) {
    case 'ContentReported':
      return { ...state, report: event.data };
    case 'ReportDecided':
      return { ...state, decided: true };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
