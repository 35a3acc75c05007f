// A manual diamond grant on `grant-{grantId}`: requested by an admin with a reason; above the
// threshold, or to the requester's own account, a DIFFERENT admin approves it, and only the approval mints (in the same transaction,
// on `wallet-{uid}`). Deciding the whole life on one stream with its expected version means two
// approvals racing produce one mint, and a decided grant is never decided again.
import { formatText, grantEventSchemas, moneyOperationTexts, type GrantEvent } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';

export interface GrantState {
  status: 'none' | 'pending' | 'approved' | 'rejected';
  uid: string;
  amount: number;
  requestedBy: string;
}

export type GrantCommand =
  | {
      type: 'RequestGrant';
      grantId: string;
      uid: string;
      amount: number;
      reason: string;
      requestedBy: string;
      threshold: number;
      maximum: number;
      at: string;
    }
  | { type: 'ApproveGrant'; grantId: string; approverUid: string; at: string }
  | { type: 'RejectGrant'; grantId: string; rejecterUid: string; reason: string; at: string };

function evolve(state: GrantState, event: GrantEvent): GrantState {
  switch (event.type) {
    case 'DiamondGrantRequested':
      return { status: 'pending', uid: event.data.uid, amount: event.data.amount, requestedBy: event.data.requestedBy };
    case 'DiamondGrantApproved':
      return { ...state, status: 'approved' };
    case 'DiamondGrantRejected':
      return { ...state, status: 'rejected' };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

function openGrant(state: GrantState): void {
  if (state.status === 'none') throw new ApiError('NOT_FOUND', moneyOperationTexts.grantNotFound);
  if (state.status !== 'pending') throw new ApiError('CONFLICT', moneyOperationTexts.grantAlreadyDecided);
}

function decide(command: GrantCommand, state: GrantState): GrantEvent[] {
  switch (command.type) {
    case 'RequestGrant': {
      // The same request again (its idempotency key names the grant): nothing new.
      if (state.status !== 'none') return [];
      if (!Number.isSafeInteger(command.amount) || command.amount <= 0)
        throw new ApiError('VALIDATION_FAILED', 'Amount must be a positive whole number of diamonds.');
      if (command.amount > command.maximum)
        throw new ApiError('VALIDATION_FAILED', formatText(moneyOperationTexts.grantTooLarge, { max: command.maximum }));
      // Above the threshold, or to the requester's own account, a second admin decides.
      const needsApproval = command.amount > command.threshold || command.uid === command.requestedBy;
      const requested: GrantEvent = {
        type: 'DiamondGrantRequested',
        data: {
          grantId: command.grantId,
          uid: command.uid,
          amount: command.amount,
          reason: command.reason,
          requestedBy: command.requestedBy,
          needsApproval,
          requestedAt: command.at,
        },
      };
      if (needsApproval) return [requested];
      // At or below the threshold the requester's own approval is enough.
      return [
        requested,
        {
          type: 'DiamondGrantApproved',
          data: {
            grantId: command.grantId,
            uid: command.uid,
            amount: command.amount,
            approvedBy: command.requestedBy,
            approvedAt: command.at,
          },
        },
      ];
    }
    case 'ApproveGrant':
      openGrant(state);
      if (command.approverUid === state.requestedBy) throw new ApiError('RULE_VIOLATED', moneyOperationTexts.secondAdminRequired);
      return [
        {
          type: 'DiamondGrantApproved',
          data: { grantId: command.grantId, uid: state.uid, amount: state.amount, approvedBy: command.approverUid, approvedAt: command.at },
        },
      ];
    case 'RejectGrant':
      openGrant(state);
      return [
        {
          type: 'DiamondGrantRejected',
          data: {
            grantId: command.grantId,
            uid: state.uid,
            rejectedBy: command.rejecterUid,
            reason: command.reason,
            rejectedAt: command.at,
          },
        },
      ];
    default: {
      const _exhaustive: never = command;
      throw new ApiError('VALIDATION_FAILED', 'Unknown grant command.');
    }
  }
}

export const grantDecider: Decider<GrantState, GrantCommand, GrantEvent> = {
  evolvesOn: grantEventSchemas,
  initialState: () => ({ status: 'none', uid: '', amount: 0, requestedBy: '' }),
  evolve,
  decide,
};
