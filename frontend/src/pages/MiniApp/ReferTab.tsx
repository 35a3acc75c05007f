// Refer: the own referral link, shared through Telegram's share URL, and how the invitees are doing.
import type { ReferralLinkDto } from '@murmur/contracts/referral';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageLoading } from '../../components/PageLoading.tsx';
import { shareThroughTelegram, telegramShareUrl } from '../../telegram/telegramSdk.ts';
import { ensureLink, useReferralDetails } from '../Referral/referralApi.ts';
import styles from './MiniApp.module.css';

const SHARE_TEXT = 'Join me on Murmur: voice lobbies, gifts and new friends.';

export function ReferTab() {
  const { data: details } = useReferralDetails();
  const [created, setCreated] = useState<ReferralLinkDto | null>(null);
  // Everyone has a link to share: the first visit makes it.
  useEffect(() => {
    if (details && !details.link && !created) void ensureLink().then(setCreated, () => undefined);
  }, [details, created]);
  const path = details?.link ?? created?.link ?? null;
  if (!details) return <PageLoading />;
  const url = path ? new URL(path, window.location.origin).toString() : null;
  return (
    <>
      <section className={`${styles.card} ${styles.hero}`}>
        <h2 className={styles.cardTitle}>Invite friends, earn USDT</h2>
        <p className={styles.muted}>
          {details.rules.directPercent}% of your friends' top-ups, and {details.rules.secondLevelPercent}% of their friends' once your own
          top-ups reach {details.rules.unlockDiamonds.toLocaleString('en-US')} Diamonds in a week. Paid weekly from{' '}
          {details.rules.minimumPayoutUsdt} USDT.
        </p>
        {url ? (
          <>
            <div className={styles.link} data-testid="referral-link">
              {url}
            </div>
            <a
              className={styles.shareButton}
              href={telegramShareUrl(url, SHARE_TEXT)}
              target="_blank"
              rel="noreferrer"
              data-testid="share-telegram"
              onClick={(e) => {
                if (shareThroughTelegram(url, SHARE_TEXT)) e.preventDefault();
              }}
            >
              ✈️ Share on Telegram
            </a>
          </>
        ) : (
          <PageLoading label="Making your link…" />
        )}
      </section>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <strong>{details.invitees.direct}</strong>
          <small>Friends</small>
        </div>
        <div className={styles.stat}>
          <strong>{details.invitees.toppedUp}</strong>
          <small>Topped up</small>
        </div>
        <div className={styles.stat}>
          <strong>{details.earnings.paidUsdt}</strong>
          <small>USDT paid</small>
        </div>
      </div>
      <Link to="/referral" className={styles.item}>
        <span className={styles.itemText}>
          <span className={styles.itemTitle}>Your invitees and rewards</span>
          <span className={styles.itemSub}>Pending {details.earnings.pendingUsdt} USDT · payout wallet, records</span>
        </span>
        <span aria-hidden>›</span>
      </Link>
    </>
  );
}
