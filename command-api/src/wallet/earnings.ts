// The `earnings-{uid}` stream (DESIGN section 4): charm leaving a creator's earnings. A withdrawal
// is decided against the projected credited total, which only grows (a stale figure is smaller,
// never larger), minus what this stream has already withdrawn.
import { formatText, texts, withdrawalTexts, type EarningsEvent } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';

export interface EarningsState {
  /** Charm out, net of failed withdrawals. */
  withdrawn: number;
  pending: Record<string, { charm: number; kind: 'withdrawal' | 'agency_payout' }>;
  /** How each settled withdrawal ended, so that a repeated settlement answers instead of failing. */
  settled: Record<string, 'completed' | 'failed'>;
}

export const earningsStreamId = (uid: string) => `earnings-${uid}`;

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
    agencyUid?: string;
    proofUrl?: string;
    at: string;
  }
  | { type: 'CompleteWithdrawal'; withdrawalId: string; uid: string; at: string }
  | { type: 'FailWithdrawal'; withdrawalId: string; uid: string; reason: string; at: string };

export function availableCharm(state: EarningsState, creditedTotal: number): number {
  return Math.max(0, creditedTotal - state.withdrawn);
}

function evolve(state: EarningsState, event: EarningsEvent): EarningsState {
  switch (event.type) {
    case 'CharmWithdrawn':
      return { ...state, withdrawn: state.withdrawn + event.data.charm, pending: { ...state.pending, [event.data.withdrawalId]: { charm: event.data.charm, kind: event.data.kind } } };
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

function decide(command: EarningsCommand, state: EarningsState): EarningsEvent[] {
  switch (command.type) {
    case 'WithdrawCharm': {
      if (state.pending[command.withdrawalId] || state.settled[command.withdrawalId]) return [];
      if (!Number.isSafeInteger(command.charm) || command.charm <= 0) throw new ApiError('VALIDATION_FAILED', 'Amount must be a positive number.');
      if (command.charm < command.minimumCharm) throw new ApiError('RULE_VIOLATED', formatText(withdrawalTexts.minimum, { minimum: command.minimumCharm }));
      const available = availableCharm(state, command.creditedTotal);
      if (command.charm > available) throw new ApiError('INSUFFICIENT_BALANCE', formatText(texts.notEnoughCharm, { available }), { available });
      return [{
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
          ...(command.agencyUid ? { agencyUid: command.agencyUid } : {}),
          ...(command.proofUrl ? { proofUrl: command.proofUrl } : {}),
          withdrawnAt: command.at,
        },
      }];
    }
    case 'CompleteWithdrawal':
      if (state.settled[command.withdrawalId] === 'completed') return [];
      if (!state.pending[command.withdrawalId]) throw new ApiError('NOT_FOUND', 'No pending withdrawal with this id.');
      return [{ type: 'WithdrawalCompleted', data: { withdrawalId: command.withdrawalId, uid: command.uid, completedAt: command.at } }];
    case 'FailWithdrawal': {
      if (state.settled[command.withdrawalId] === 'failed') return [];
      const pending = state.pending[command.withdrawalId];
      if (!pending) throw new ApiError('NOT_FOUND', 'No pending withdrawal with this id.');
      return [{ type: 'WithdrawalFailed', data: { withdrawalId: command.withdrawalId, uid: command.uid, charm: pending.charm, reason: command.reason, failedAt: command.at } }];
    }
    default: {
      const _exhaustive: never = command;
      throw new ApiError('VALIDATION_FAILED', 'Unknown earnings command.');
    }
  }
}

export const earningsDecider: Decider<EarningsState, EarningsCommand, EarningsEvent> = {
  initialState: () => ({ withdrawn: 0, pending: {}, settled: {} }),
  evolve,
  decide,
};
