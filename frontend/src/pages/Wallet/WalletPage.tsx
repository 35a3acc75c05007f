// Wallet: balances (diamonds, charm, VIP), top-up (crypto tab first, card through the sandbox),
// the first-top-up offer, the payment status modal, withdrawals and the transaction history.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBalance } from '../../api/me.ts';
import { Button } from '../../components/Button.tsx';
import { Pager } from '../../components/Pager.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useQuery } from '../../state/query.ts';
import { useTopUp } from '../../wallet/topUpStore.ts';
import { transactionWords } from '../../wallet/transactionWords.ts';
import { useWithdraw } from '../../wallet/withdrawStore.ts';
import { AgencyPayments } from './AgencyPayments.tsx';
import { DepositProgress } from './DepositProgress.tsx';
import { FirstTopUpOffer, StatusModal, TopUpModal } from './TopUp.tsx';
import styles from './Wallet.module.css';
import { Withdrawals } from './Withdrawals.tsx';
import { WithdrawModal } from './WithdrawModal.tsx';
import { api } from '../../api/api.generated.ts';

export default function WalletPage() {
  const { data: balance, diamonds } = useBalance();
  const openTopUp = useTopUp((s) => s.openTopUp);
  const topUpOpen = useTopUp((s) => s.open);
  const openWithdraw = useWithdraw((s) => s.openWithdraw);
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = useState(1);
  const { data: history, isLoading } = useQuery(api.money.transactions.path({ page, limit: 10 }));
  const firstOffer = Boolean((balance as { firstTopUpAvailable?: boolean } | undefined)?.firstTopUpAvailable);
  const b = balance as { charm?: number; vipUntil?: string | null } | undefined;

  useEffect(() => {
    if (search.get('topup') === '1' && balance) {
      openTopUp(firstOffer);
      search.delete('topup');
      setSearch(search, { replace: true });
    }
  }, [search, setSearch, openTopUp, firstOffer, balance]);

  return (
    <div className={styles.page}>
      <PageHeader title="Wallet" subtitle="Top up diamonds, send gifts and track every transaction." />
      <div className={styles.cards}>
        <div className={`${styles.card} ${styles.diamondCard}`}>
          <span className={styles.cardLabel}>
            <Icon name="diamond" size={16} /> Diamonds
          </span>
          <strong className={styles.amount} data-testid="wallet-diamonds">
            {diamonds === undefined ? '—' : diamonds.toLocaleString()}
          </strong>
          {/* Before the balance is known, whether the first-top-up offer applies is not: the click
              waits for it (the ?topup=1 path) instead of opening the ordinary top-up in its place. */}
          <Button onClick={() => (balance ? openTopUp(firstOffer) : setSearch({ topup: '1' }, { replace: true }))} data-testid="top-up">
            <Icon name="plus" size={16} /> Top up
          </Button>
        </div>
        <div className={`${styles.card} ${styles.charmCard}`}>
          <span className={styles.cardLabel}>✦ Charm earned</span>
          <strong className={styles.amount} data-testid="wallet-charm">
            {(b?.charm ?? 0).toLocaleString()}
          </strong>
          <span className={styles.cardHint}>
            Charm comes from gifts, subscribers and booked sessions; withdraw it from 500 charm (5 USDT).
          </span>
          <Button variant="secondary" onClick={openWithdraw} data-testid="withdraw">
            Withdraw
          </Button>
        </div>
        <div className={`${styles.card} ${styles.vipCard}`}>
          <span className={styles.cardLabel}>
            <Icon name="crown" size={16} /> VIP
          </span>
          <strong className={styles.amountSmall}>
            {b?.vipUntil ? `Until ${new Date(b.vipUntil).toLocaleDateString()}` : 'Not subscribed'}
          </strong>
          <span className={styles.cardHint}>120 USD a year: frames, badges and more privileges.</span>
        </div>
      </div>
      {topUpOpen ? null : <DepositProgress />}
      {firstOffer ? (
        <button className={styles.offerBanner} onClick={() => openTopUp(true)}>
          <span className={styles.offerTag}>50% OFF</span>
          <span>
            <strong>First top-up offer:</strong> 3,000 diamonds for 15 USD — only on your first top-up.
          </span>
          <Icon name="send" size={16} />
        </button>
      ) : null}

      <AgencyPayments />
      <Withdrawals />
      <h2 className={styles.sectionTitle}>Transaction history</h2>
      {isLoading ? null : !history || history.items.length === 0 ? (
        <EmptyState icon="🧾" title="No transactions yet">
          Your top-ups, gifts and purchases will show up here.
        </EmptyState>
      ) : (
        <>
          <div className={styles.table} role="table" data-testid="transactions">
            <div className={`${styles.row} ${styles.head}`} role="row">
              <span>Date</span>
              <span>Description</span>
              <span>Status</span>
              <span className={styles.right}>Amount</span>
            </div>
            {history.items.map((t) => {
              const words = transactionWords(t);
              return (
                <div key={t.transactionId} className={styles.row} role="row" data-testid="transaction">
                  <span className={styles.date}>{new Date(t.createdAt).toLocaleString()}</span>
                  <span>
                    <strong className={styles.kind}>{words.title}</strong>
                    {words.detail ? <small>{words.detail}</small> : null}
                  </span>
                  <span>
                    <span className={`${styles.status} ${styles[`status_${t.status}`]}`}>{t.status}</span>
                  </span>
                  <span
                    className={`${styles.right} ${t.status !== 'completed' ? '' : t.direction === 'in' ? styles.in : styles.out}`}
                    data-testid="transaction-amount"
                  >
                    {words.amount}
                  </span>
                </div>
              );
            })}
          </div>
          <Pager page={page} totalPages={history.meta.totalPages} onPage={setPage} />
        </>
      )}
      <FirstTopUpOffer />
      <TopUpModal />
      <StatusModal />
      <WithdrawModal />
    </div>
  );
}
