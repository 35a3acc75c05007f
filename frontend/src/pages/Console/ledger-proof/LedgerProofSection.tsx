// Console section: the auditor's view of the money log (docs/decisions/ledger-proof.md, "The
// auditor's view"), for roles au and ad. One tab per kind of proof; the tab is in the URL.
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { AccountLedgerPanel } from './AccountLedgerPanel.tsx';
import { AuditRunsPanel, DigestsPanel } from './LogProofPanels.tsx';
import { PeriodExportPanel } from './PeriodExportPanel.tsx';

const tabs = [
  { value: 'accounts', label: 'Account ledgers', content: <AccountLedgerPanel /> },
  { value: 'digests', label: 'Signed digests', content: <DigestsPanel /> },
  { value: 'audits', label: 'Audit runs', content: <AuditRunsPanel /> },
  { value: 'exports', label: 'Period export', content: <PeriodExportPanel /> },
];

export default function LedgerProofSection() {
  const { '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const tab = tabs.find((t) => rest === t.value || rest.startsWith(`${t.value}/`))?.value ?? 'accounts';
  return (
    <>
      <PageHeader title="Ledger proof" subtitle="Every money movement with its hash chain, the signed digests, the audit runs, exports" />
      <Tabs items={tabs} value={tab} onValueChange={(v) => void navigate(`/console/ledger-proof/${v}`)} ariaLabel="Ledger proof" />
    </>
  );
}
