// Every money event recorded in a period of UTC days, downloaded as JSON lines or CSV for
// `projections audit --verify-export FILE`.
import { useState } from 'react';
import { api } from '../../../api/api.generated.ts';
import { Button } from '../../../components/Button.tsx';
import { TextField } from '../../../components/Field.tsx';
import styles from '../money/Money.module.css';
import { saveExport } from './save-export.ts';

const today = () => new Date().toISOString().slice(0, 10);

export function PeriodExportPanel() {
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState<'jsonl' | 'csv' | null>(null);
  const download = async (format: 'jsonl' | 'csv') => {
    setBusy(format);
    try {
      const text = await api.ledgerProof.periodExport({ from, to, format });
      saveExport(String(text ?? ''), `ledger-${from}-${to}.${format}`, format);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <div className={styles.form}>
        <TextField id="export-from" type="date" label="From (UTC day)" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField id="export-to" type="date" label="To (UTC day, included)" value={to} onChange={(e) => setTo(e.target.value)} />
        <Button busy={busy === 'jsonl'} onClick={() => void download('jsonl')} data-testid="period-export-jsonl">
          Export JSON lines
        </Button>
        <Button variant="secondary" busy={busy === 'csv'} onClick={() => void download('csv')} data-testid="period-export-csv">
          Export CSV
        </Button>
      </div>
      <p className={styles.dim}>
        Check a downloaded file offline with <code>npm run projections -- audit --verify-export FILE</code>: it recomputes every line's hash
        and the links between them, and names the first line that does not hold.
      </p>
    </>
  );
}
