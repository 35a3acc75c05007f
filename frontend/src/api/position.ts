// Read-your-writes: the highest event position a command of this tab returned. Queries send it as
// X-Min-Position so the query API waits until its read models have caught up with our own writes.
let highest: bigint | null = null;

export function notePosition(position: unknown): void {
  if (typeof position !== 'string' && typeof position !== 'number') return;
  try {
    const p = BigInt(position);
    if (highest === null || p > highest) highest = p;
  } catch {
    /* not a position */
  }
}

export function minPosition(): string | null {
  return highest === null ? null : highest.toString();
}

export function forgetPositions(): void {
  highest = null;
}
