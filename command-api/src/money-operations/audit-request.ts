// Console requests for a ledger audit on the `ledger-audit` stream: at most one open at a time (a
// second click while the worker runs answers the open one); the worker's LedgerAudited closes it.
import { ledgerAuditEventSchemas, type EventUnionOf } from '@murmur/contracts';
import type { Decider } from '../decider/decider.ts';

type AuditEvent = EventUnionOf<typeof ledgerAuditEventSchemas>;
export interface AuditRequestState {
  pending: string | null;
}
export interface RequestAudit {
  type: 'RequestAudit';
  auditId: string;
  requestedBy: string;
  at: string;
}

export const auditRequestDecider: Decider<AuditRequestState, RequestAudit, AuditEvent> = {
  evolvesOn: ledgerAuditEventSchemas,
  initialState: () => ({ pending: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'LedgerAuditRequested':
        return { pending: event.data.auditId };
      case 'LedgerAudited':
        return event.data.auditId === state.pending ? { pending: null } : state;
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },
  decide(command, state) {
    if (state.pending) return [];
    return [
      { type: 'LedgerAuditRequested', data: { auditId: command.auditId, requestedBy: command.requestedBy, requestedAt: command.at } },
    ];
  },
};
