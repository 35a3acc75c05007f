// Earn: the daily Telegram claim (claim/tg, then the countdown of claim/tg/next-claim) and the
// missions that earn more.
import { telegramClaim } from '@murmur/contracts/identity';
import { useState } from 'react';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { Button } from '../../components/Button.tsx';
import { useNow } from '../../state/now.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import { haptic, telegramInitData } from '../../telegram/telegramSdk.ts';
import { MissionsSummary } from './MissionsSummary.tsx';
import { countdown } from './miniAppTabs.ts';
import styles from './MiniApp.module.css';

export function EarnTab() {
  const { data, mutate } = useQuery(api.identity.nextTelegramClaim.path(), { dedupingInterval: 2000 });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const waitingUntil = data && !data.canClaim && data.nextClaimAt ? Date.parse(data.nextClaimAt) : null;
  const now = useNow(waitingUntil !== null);
  const ready = !!data && (data.canClaim || (waitingUntil !== null && waitingUntil <= now));

  async function claim() {
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await api.identity.claimTelegramReward({ quiet: true });
      haptic.success();
      toast(`+${answer.amount} Diamonds added to your wallet.`, 'success', 'Daily reward claimed');
      await mutate(api.identity.nextTelegramClaim({ minPosition: answer.position }), { revalidate: false });
      void refreshQueries('/wallet/balance');
    } catch (error) {
      haptic.error();
      // Already claimed (another device, a double tap): the server says when the next one opens.
      const next = error instanceof ApiCallError ? (error.details as { nextClaimAt?: string } | undefined)?.nextClaimAt : undefined;
      if (next && data) await mutate({ ...data, canClaim: false, nextClaimAt: next }, { revalidate: false });
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <section className={`${styles.card} ${styles.hero}`} data-testid="daily-claim">
        <h2 className={styles.cardTitle}>Daily reward</h2>
        <p className={styles.muted}>
          Claim {data?.amount ?? telegramClaim.diamonds} free Diamonds every 24 hours.
          {data && data.streak > 0 ? ` Claimed ${data.streak} time${data.streak === 1 ? '' : 's'} so far.` : ''}
        </p>
        {data && data.amount > telegramClaim.diamonds ? (
          <p className={styles.muted} data-testid="vip-double-claim">
            👑 VIP: your daily reward is doubled.
          </p>
        ) : null}
        {!data ? null : ready ? (
          <Button size="lg" block busy={busy} onClick={() => void claim()} data-testid="claim-button">
            💎 Claim {data.amount} Diamonds
          </Button>
        ) : (
          <div data-testid="claim-countdown">
            <p className={styles.muted}>Next reward in</p>
            <div className={styles.big} data-testid="claim-countdown-time">
              {waitingUntil !== null ? countdown(waitingUntil, now) : '--:--:--'}
            </div>
          </div>
        )}
        {telegramInitData() ? null : (
          <p className={styles.muted}>The daily reward is for accounts opened from Telegram: open Murmur from our bot to claim it.</p>
        )}
        {refusal ? (
          <p className={styles.error} role="alert" data-testid="claim-refusal">
            {refusal}
          </p>
        ) : null}
      </section>
      <MissionsSummary />
    </>
  );
}
