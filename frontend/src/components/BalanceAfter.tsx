// The last row of a "pay with diamonds" summary (inside its <dl>): the balance left after paying,
// or, when the balance does not cover the price, how many diamonds are missing. A negative balance
// is not something a wallet can have, so it is never shown as one.
export function BalanceAfter({ after, testId, shortClassName }: { after: number | null; testId: string; shortClassName?: string }) {
  if (after !== null && after < 0) {
    return (
      <>
        <dt>You need</dt>
        <dd data-testid={testId} className={shortClassName}>
          {(-after).toLocaleString('en-US')} 💎 more
        </dd>
      </>
    );
  }
  return (
    <>
      <dt>Balance after</dt>
      <dd data-testid={testId}>{after === null ? '…' : `${after.toLocaleString('en-US')} 💎`}</dd>
    </>
  );
}
