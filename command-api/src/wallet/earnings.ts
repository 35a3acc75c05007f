// The `earnings-{uid}` stream (docs/decisions/money.md): charm leaving a creator's earnings. A withdrawal
// is decided against the projected credited total, which only grows (a stale figure is smaller,
// never larger), minus what this stream has already withdrawn.
import {
  earningsEventSchemas,
  formatText,
  moneyOperationTexts,
  payoutReferenceProblem,
  texts,
  withdrawalTexts,
  type EarningsEvent,
  streamIds,
} from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { Decider } from '../decider/decider.ts';

export interface EarningsState {
  /** Charm out, net of failed withdrawals. */
  withdrawn: number;
  pending: Record<string, { charm: number; kind: 'withdrawal' | 'agency_payout'; method: string | null; network: string | null }>;
  /** How each settled withdrawal ended, so that a repeated settlement answers instead of failing. */
  settled: Record<string, 'completed' | 'failed'>;
}

export type EarningsCommand =
  | {
      type: 'WithdrawCharm';
      withdrawalId: string;
      uid: string;
      charm: number;
      /** Charm credited by gifts, read from the balances projection (only grows). */
      creditedTotal: number;
      minimumCharm: number;
      usdPerCharm: number;
      kind: 'withdrawal' | 'agency_payout';
      method?: 'crypto' | 'bank' | 'ewallet';
      network?: 'evm' | 'solana';
      address?: string;
      bankCountry?: string;
      agencyUid?: string;
      proofUrl?: string;
      at: string;
    }
  | { type: 'CompleteWithdrawal'; withdrawalId: string; uid: string; at: string }
  | { type: 'FailWithdrawal'; withdrawalId: string; uid: string; reason: string; at: string }
  /** An operator pays it out (console): the reference proves the payment; a second settlement is refused. */
  | { type: 'SettleWithdrawal'; withdrawalId: string; uid: string; reference: string; operatorUid: string; at: string }
  /** An operator refuses it (console): the charm goes back to the user's earnings. */
  | { type: 'RejectWithdrawal'; withdrawalId: string; uid: string; reason: string; operatorUid: string; at: string };

export function availableCharm(state: EarningsState, creditedTotal: number): number {
  return Math.max(0, creditedTotal - state.withdrawn);
}

function evolve(state: EarningsState, event: EarningsEvent): EarningsState {
  switch (event.type) {
    case 'CharmWithdrawn':
      return {
        ...state,
        withdrawn: state.withdrawn + event.data.charm,
        pending: {
          ...state.pending,
          [event.data.withdrawalId]: {
            charm: event.data.charm,
            kind: event.data.kind,
            method: event.data.method ?? null,
            network: event.data.network ?? null,
          },
        },
      };
    case 'WithdrawalCompleted': {
      const { [event.data.withdrawalId]: _done, ...pending } = state.pending;
      return { ...state, pending, settled: { ...state.settled, [event.data.withdrawalId]: 'completed' } };
    }
    case 'WithdrawalFailed': {
      const { [event.data.withdrawalId]: _failed, ...pending } = state.pending;
      return { withdrawn: state.withdrawn - event.data.charm, pending, settled: { ...state.settled, [event.data.withdrawalId]: 'failed' } };
    }
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

/** The pending withdrawal an operator decides on; a decided one is a clear refusal, never a second event. */
function pendingForOperator(state: EarningsState, withdrawalId: string) {
  if (state.settled[withdrawalId] === 'completed') throw new ApiError('CONFLICT', moneyOperationTexts.alreadySettled);
  if (state.settled[withdrawalId] === 'failed') throw new ApiError('CONFLICT', moneyOperationTexts.alreadyRejected);
  const pending = state.pending[withdrawalId];
  if (!pending) throw new ApiError('NOT_FOUND', moneyOperationTexts.noPendingWithdrawal);
  return pending;
}

function decide(command: EarningsCommand, state: EarningsState): EarningsEvent[] {
  switch (command.type) {
    case 'WithdrawCharm': {
      if (state.pending[command.withdrawalId] || state.settled[command.withdrawalId]) return [];
      if (!Number.isSafeInteger(command.charm) || command.charm <= 0)
        throw new ApiError('VALIDATION_FAILED', 'Amount must be a positive number.');
      if (command.charm < command.minimumCharm)
        throw new ApiError('RULE_VIOLATED', formatText(withdrawalTexts.minimum, { minimum: command.minimumCharm }));
      const available = availableCharm(state, command.creditedTotal);
      if (command.charm > available)
        throw new ApiError('INSUFFICIENT_BALANCE', formatText(texts.notEnoughCharm, { available }), { available });
      return [
        {
          type: 'CharmWithdrawn',
          data: {
            withdrawalId: command.withdrawalId,
            uid: command.uid,
            charm: command.charm,
            usdCents: Math.round(command.charm * command.usdPerCharm * 100),
            kind: command.kind,
            ...(command.method ? { method: command.method } : {}),
            ...(command.network ? { network: command.network } : {}),
            ...(command.address ? { address: command.address } : {}),
            ...(command.bankCountry ? { bankCountry: command.bankCountry } : {}),
            ...(command.agencyUid ? { agencyUid: command.agencyUid } : {}),
            ...(command.proofUrl ? { proofUrl: command.proofUrl } : {}),
            withdrawnAt: command.at,
          },
        },
      ];
    }
    case 'CompleteWithdrawal':
      if (state.settled[command.withdrawalId] === 'completed') return [];
      if (!state.pending[command.withdrawalId]) throw new ApiError('NOT_FOUND', 'No pending withdrawal with this id.');
      return [{ type: 'WithdrawalCompleted', data: { withdrawalId: command.withdrawalId, uid: command.uid, completedAt: command.at } }];
    case 'FailWithdrawal': {
      if (state.settled[command.withdrawalId] === 'failed') return [];
      const pending = state.pending[command.withdrawalId];
      if (!pending) throw new ApiError('NOT_FOUND', 'No pending withdrawal with this id.');
      return [
        {
          type: 'WithdrawalFailed',
          data: {
            withdrawalId: command.withdrawalId,
            uid: command.uid,
            charm: pending.charm,
            reason: command.reason,
            failedAt: command.at,
          },
        },
      ];
    }
    case 'SettleWithdrawal': {
      const pending = pendingForOperator(state, command.withdrawalId);
      const problem = payoutReferenceProblem(command.reference, pending.method, pending.network);
      if (problem) throw new ApiError('VALIDATION_FAILED', problem);
      return [
        {
          type: 'WithdrawalCompleted',
          data: {
            withdrawalId: command.withdrawalId,
            uid: command.uid,
            completedAt: command.at,
            reference: command.reference,
            settledBy: command.operatorUid,
          },
        },
      ];
    }
    case 'RejectWithdrawal': {
      const pending = pendingForOperator(state, command.withdrawalId);
      return [
        {
          type: 'WithdrawalFailed',
          data: {
            withdrawalId: command.withdrawalId,
            uid: command.uid,
            charm: pending.charm,
            reason: command.reason,
            failedAt: command.at,
            rejectedBy: command.operatorUid,
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      throw new ApiError('VALIDATION_FAILED', 'Unknown earnings command.');
    }
  }
}

export const earningsDecider: Decider<EarningsState, EarningsCommand, EarningsEvent> = {
  evolvesOn: earningsEventSchemas,
  initialState: () => ({ withdrawn: 0, pending: {}, settled: {} }),
  evolve,
  decide,
};

/** Withdrawals on `earnings-{uid}`; keys scoped by the stream, as the wallet's. */
export const earningsCommands = defineCommandHandler({
  decider: earningsDecider,
  streamId: streamIds.earnings,
  idempotencyScope: 'stream',
});
