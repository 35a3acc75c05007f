// Saves an export the API answered as a file on the auditor's machine.
export function saveExport(text: string, fileName: string, format: 'jsonl' | 'csv'): void {
  const blob = new Blob([text], { type: format === 'csv' ? 'text/csv' : 'application/x-ndjson' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
