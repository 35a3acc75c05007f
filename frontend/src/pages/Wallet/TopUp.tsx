// The top-up modal (crypto wallet tab by default, card by Stripe's Payment Element or the demo's
// sandbox), the first-top-up offer and the payment status modal.
import { money } from '@murmur/contracts/constants';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { useTopUp, type TopUpTab } from '../../wallet/topUpStore.ts';
import { offerPriceUsd } from './AmountPicker.tsx';
import { CardTab } from './CardTab.tsx';
import { CryptoTab } from './CryptoTab.tsx';
import styles from './Wallet.module.css';

export function TopUpModal() {
  const { open, activeTab, setTab, close } = useTopUp();
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} title="Top up diamonds" description={`1 USD = ${money.diamondsPerUsd} diamonds`} size="md" testId="top-up-modal">
      <Tabs
        variant="pill"
        value={activeTab}
        onValueChange={(v) => setTab(v as TopUpTab)}
        items={[
          { value: 'crypto', label: 'Crypto wallet', content: <CryptoTab /> },
          { value: 'card', label: 'Card', content: <CardTab /> },
        ]}
      />
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
