// The top-up modal (crypto wallet tab by default, card by Stripe's Payment Element or the demo's
// sandbox), the first-top-up offer and the payment status modal.
import { money } from '@murmur/contracts/constants';
import type { PaymentMethods } from '@murmur/contracts/wallet';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { useTopUp, type TopUpTab } from '../../wallet/topUpStore.ts';
import { offerPriceUsd } from './AmountPicker.tsx';
import { CardTab } from './CardTab.tsx';
import { CryptoTab } from './CryptoTab.tsx';
import { HostedTab } from './HostedTab.tsx';
import { useQuery } from '../../state/query.ts';
import styles from './Wallet.module.css';
import { api } from '../../api/api.generated.ts';

/** The tabs in the order payment/methods gives (e-wallets first in their region); crypto and card always. */
function topUpTabs(methods: PaymentMethods | undefined) {
  const tabs: Record<TopUpTab, { label: string; content: ReactNode }> = {
    crypto: { label: 'Crypto wallet', content: <CryptoTab /> },
    card: { label: 'Card', content: <CardTab /> },
    webpay: { label: 'Web payment', content: <HostedTab method="webpay" info={methods?.items.find((m) => m.id === 'webpay')} /> },
    ewallet: { label: 'GCash / Maya', content: <HostedTab method="ewallet" info={methods?.items.find((m) => m.id === 'ewallet')} /> },
  };
  const order = (methods?.items.map((m) => m.id) ?? ['crypto', 'card']).filter((id): id is TopUpTab => id in tabs);
  for (const always of ['crypto', 'card'] as const) if (!order.includes(always)) order.push(always);
  return order.map((value) => ({ value, ...tabs[value] }));
}

export function TopUpModal() {
  const { open, activeTab, setTab, close, applyDefaultTab } = useTopUp();
  const { data: methods } = useQuery(api.money.paymentMethods.path());
  const defaultTab = methods?.defaultMethod;
  useEffect(() => {
    // Spec section 3: the crypto wallet tab by default; e-wallets in their region (payment/methods says).
    if (open && (defaultTab === 'ewallet' || defaultTab === 'crypto')) applyDefaultTab(defaultTab);
  }, [open, defaultTab, applyDefaultTab]);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title="Top up diamonds"
      description={`1 USD = ${money.diamondsPerUsd} diamonds`}
      size="md"
      testId="top-up-modal"
    >
      <Tabs variant="pill" value={activeTab} onValueChange={(v) => setTab(v as TopUpTab)} items={topUpTabs(methods)} />
    </Dialog>
  );
}

export function FirstTopUpOffer() {
  const { offerOpen, closeOffer, close, chooseOffer } = useTopUp();
  const price = offerPriceUsd;
  return (
    <Dialog open={offerOpen} onOpenChange={(o) => !o && close()} size="sm" title="First top-up offer" testId="first-topup-offer">
      <div className={styles.offer}>
        <span className={styles.offerBadge}>50% OFF</span>
        <div className={styles.offerDiamonds}>
          <Icon name="diamond" size={28} /> {(money.firstTopUpPackageUsd * money.diamondsPerUsd).toLocaleString()}
        </div>
        <p>
          <s>${money.firstTopUpPackageUsd}</s> <strong>${price}</strong> — once, on your first top-up.
        </p>
        <Button block onClick={chooseOffer} data-testid="buy-offer">
          Get it for ${price}
        </Button>
        <Button block variant="ghost" onClick={closeOffer} data-testid="skip-offer">
          Choose another amount
        </Button>
      </div>
    </Dialog>
  );
}

export function StatusModal() {
  const { status, closeStatus } = useTopUp();
  if (!status) return null;
  const icon = status.topupStatus === 'success' ? '✓' : status.topupStatus === 'failed' ? '!' : '…';
  return (
    <Dialog open onOpenChange={(o) => !o && closeStatus()} size="sm" title={status.title} testId="payment-status">
      <div className={styles.statusBox}>
        <span className={`${styles.statusIcon} ${styles[`statusIcon_${status.topupStatus}`]}`}>{icon}</span>
        <p data-testid="payment-status-message">{status.statusMessage}</p>
        <Button block onClick={closeStatus}>
          {status.topupStatus === 'failed' ? 'Try again' : 'Done'}
        </Button>
      </div>
    </Dialog>
  );
}
