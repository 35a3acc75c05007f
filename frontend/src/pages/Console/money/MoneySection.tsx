// Console section: money operations. One tab per queue; the tab is in the URL
// (`/console/money/{tab}`) so a reload or a shared link opens the same one.
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { GrantsPanel } from './GrantsPanel.tsx';
import { LedgerAuditPanel } from './LedgerAuditPanel.tsx';
import { PaymentsPanel } from './PaymentsPanel.tsx';
import { ReferralPanel } from './ReferralPanel.tsx';
import { WithdrawalsPanel } from './WithdrawalsPanel.tsx';

const tabs = [
  { value: 'withdrawals', label: 'Withdrawals', content: <WithdrawalsPanel /> },
  { value: 'grants', label: 'Grants', content: <GrantsPanel /> },
  { value: 'payments', label: 'Stuck payments', content: <PaymentsPanel /> },
  { value: 'referral', label: 'Referral weeks', content: <ReferralPanel /> },
  { value: 'audit', label: 'Ledger audit', content: <LedgerAuditPanel /> },
];

export default function MoneySection() {
  const { '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const tab = tabs.some((t) => t.value === rest) ? rest : 'withdrawals';
  return (
    <>
      <PageHeader title="Money" subtitle="Withdrawals and payouts to settle, grants, stuck payments, referral weeks, the ledger audit" />
      <Tabs items={tabs} value={tab} onValueChange={(v) => void navigate(`/console/money/${v}`)} ariaLabel="Money operations" />
    </>
  );
}
