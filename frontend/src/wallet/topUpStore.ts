// The top-up flow's client state (docs/decisions/payments.md): open flag, numeric step from 0, the
// active tab (crypto wallet by default), the status modal and its message, the first-top-up offer.
import { createStore } from '../state/store.ts';
import type { StatusModalState } from './paymentResult.ts';

export type TopUpTab = 'crypto' | 'card' | 'webpay' | 'ewallet';

export interface TopUpState {
  open: boolean;
  step: number;
  activeTab: TopUpTab;
  transactionId: string | null;
  referenceId: string | null;
  clientSecret: string | null;
  pending: boolean;
  isUserToppingUp: boolean;
  offerOpen: boolean;
  /** The card step pays the first top-up offer (chosen in its modal, confirmed on the card step). */
  offer: boolean;
  status: StatusModalState | null;
  /** The web payment's approval window is open (web-payment open flag; docs/decisions/payments.md) for this order. */
  webPaymentOpen: boolean;
  orderId: string | null;
  /** The user picked a tab: the region's default tab no longer moves it. */
  tabChosen: boolean;
  setWebPayment(w: { open: boolean; orderId?: string | null; transactionId?: string }): void;
  /** The methods list's default tab (e-wallets in their region), unless the user chose one. */
  applyDefaultTab(tab: TopUpTab): void;
  openTopUp(withOffer: boolean): void;
  close(): void;
  setTab(tab: TopUpTab): void;
  setStep(step: number): void;
  showStatus(
    status: StatusModalState,
    ids?: { transactionId?: string; referenceId?: string | null; clientSecret?: string | null; pending?: boolean },
  ): void;
  closeStatus(): void;
  closeOffer(): void;
  /** From the offer modal to the card payment step for the offer: nothing is charged before "Pay". */
  chooseOffer(): void;
}

const closed = { open: false, step: 0, isUserToppingUp: false, offerOpen: false, offer: false, tabChosen: false };

export const useTopUp = createStore<TopUpState>()((set) => ({
  ...closed,
  activeTab: 'crypto',
  transactionId: null,
  referenceId: null,
  clientSecret: null,
  pending: false,
  status: null,
  webPaymentOpen: false,
  orderId: null,
  tabChosen: false,
  setWebPayment({ open, orderId, transactionId }) {
    set((s) => ({
      webPaymentOpen: open,
      orderId: orderId === undefined ? s.orderId : orderId,
      transactionId: transactionId ?? s.transactionId,
    }));
  },
  applyDefaultTab(tab) {
    set((s) => (s.tabChosen || s.offer ? {} : { activeTab: tab }));
  },
  openTopUp(withOffer) {
    set({ open: !withOffer, offerOpen: withOffer, offer: false, step: 0, isUserToppingUp: true, activeTab: 'crypto' });
  },
  close() {
    set(closed);
  },
  setTab(activeTab) {
    set({ activeTab, step: 0, offer: false, tabChosen: true });
  },
  setStep(step) {
    set({ step });
  },
  showStatus(status, ids = {}) {
    set({
      status,
      transactionId: ids.transactionId ?? null,
      referenceId: ids.referenceId ?? null,
      clientSecret: ids.clientSecret ?? null,
      pending: ids.pending ?? false,
    });
  },
  closeStatus() {
    set({ status: null, webPaymentOpen: false });
  },
  closeOffer() {
    set({ offerOpen: false, open: true });
  },
  chooseOffer() {
    set({ offerOpen: false, open: true, activeTab: 'card', step: 1, offer: true });
  },
}));
