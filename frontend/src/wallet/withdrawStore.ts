// The withdrawal flow's client state (open flag, numeric step from 0; docs/decisions/money.md),
// with the form and the idempotency key of the one withdrawal this flow may create.
import type { WithdrawalNetwork } from '@murmur/contracts/wallet';
import { createStore } from '../state/store.ts';

export type WithdrawMethod = 'crypto' | 'bank' | 'ewallet';

/** Steps: 0 amount, 1 method and destination, 2 review, 3 result. */
export const withdrawSteps = { amount: 0, destination: 1, review: 2, result: 3 } as const;

export interface WithdrawResultState {
  status: 'pending' | 'failed';
  message: string;
  transactionId?: string;
}

export interface WithdrawState {
  open: boolean;
  step: number;
  amount: string;
  method: WithdrawMethod;
  network: WithdrawalNetwork;
  address: string;
  /** Bank transfers: the bank's country (alpha-2). */
  bankCountry: string;
  /** One key per confirmed form: a double click or a retry after a lost answer never withdraws twice. */
  idempotencyKey: string | null;
  result: WithdrawResultState | null;
  openWithdraw(): void;
  close(): void;
  setStep(step: number): void;
  setField(field: 'amount' | 'address' | 'bankCountry', value: string): void;
  setMethod(method: WithdrawMethod): void;
  setNetwork(network: WithdrawalNetwork): void;
  /** The review step is reached with a validated form: it gets its own key. */
  review(key: string): void;
  finish(result: WithdrawResultState): void;
}

const initial = {
  open: false,
  step: 0,
  amount: '',
  method: 'crypto' as WithdrawMethod,
  network: 'evm' as WithdrawalNetwork,
  address: '',
  bankCountry: '',
  idempotencyKey: null,
  result: null,
};

export const useWithdraw = createStore<WithdrawState>()((set) => ({
  ...initial,
  openWithdraw() {
    set({ ...initial, open: true });
  },
  close() {
    set(initial);
  },
  setStep(step) {
    set({ step });
  },
  setField(field, value) {
    // A changed form is another withdrawal: it needs a new review (and key).
    set({ [field]: value, idempotencyKey: null } as Partial<WithdrawState>);
  },
  setMethod(method) {
    set({ method, idempotencyKey: null });
  },
  setNetwork(network) {
    set({ network, idempotencyKey: null });
  },
  review(key) {
    set((s) => ({ step: withdrawSteps.review, idempotencyKey: s.idempotencyKey ?? key }));
  },
  finish(result) {
    set({ step: withdrawSteps.result, result });
  },
}));
