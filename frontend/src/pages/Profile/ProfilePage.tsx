// /profile (and /profile?uid=X for someone else): header with counts, badges, VIP and frame; tabs
// Profile, Posts, Gallery, Services, Subscriber feed; the four lists; follow, block and report.
import type { ProfileView } from '@murmur/contracts/social';
import { giftDisplayName } from '@murmur/contracts/gifting';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/api.generated.ts';
import { useSession } from '../../api/session.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { WornBadges } from '../../components/WornBadges.tsx';
import { LockedFeed, PriceForm, SubscribeButton } from './Subscription.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Menu } from '../../components/Menu.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { GiftIcon } from '../../gifting/GiftIcon.tsx';
import { toast } from '../../state/ui.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { setFollowing, type ListKind } from '../../social/socialApi.ts';
import { GalleryTab } from './GalleryTab.tsx';
import { PeopleList } from './PeopleList.tsx';
import { ServicesTab } from './ServicesTab.tsx';
import { WallTab } from './WallTab.tsx';
import styles from './ProfilePage.module.css';
import { LevelPill } from '../Progression/LevelPill.tsx';
import { useUserLevel } from '../Progression/progressionApi.ts';

const listLabels: Record<ListKind, string> = {
  followers: 'Followers',
  following: 'Following',
  subscribers: 'Subscribers',
  subscriptions: 'Subscribed',
};

function countOf(view: ProfileView, kind: ListKind): number {
  return {
    followers: view.followerCount,
    following: view.followingCount,
    subscribers: view.subscriberCount,
    subscriptions: view.subscribedCount,
  }[kind];
}

export default function ProfilePage() {
  const [params] = useSearchParams();
  const me = useSession((s) => s.claims?.uid) ?? '';
  const uid = params.get('uid') ?? me;
  const own = uid === me;
  const navigate = useNavigate();
  const { data: view, error } = useQuery(uid ? api.social.profile.path({ uid }) : null, { quiet: true });
  const { data: level } = useUserLevel(uid || null);
  const [list, setList] = useState<ListKind | null>(null);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  // A list opened on one profile closes when a name in it leads to another profile.
  useEffect(() => setList(null), [uid]);

  // Shown here only (the query is quiet): no toast repeating it.
  if (error) return <EmptyState icon="👤" title="This user does not exist." />;
  if (!view) return <PageLoading />;

  const block = async () => {
    await (view.isBlocked ? api.social.unblock : api.social.block)({ uid });
    toast(view.isBlocked ? 'Unblocked' : 'Blocked', 'success');
    await refreshQueries(api.social.profile.path({ uid }), '/user/feed/');
  };
  const report = async () => {
    await api.social.reportUser({ uid }, { reason });
    setReporting(false);
    setReason('');
    toast('Reported', 'success');
  };

  return (
    <div className={styles.page}>
      <div className={styles.banner} style={view.profileBannerUrl ? { backgroundImage: `url(${view.profileBannerUrl})` } : undefined} />
      <section className={styles.header}>
        <div data-testid="profile-avatar">
          <Avatar name={view.username ?? uid} src={view.profilePicUrl} size={96} ring={view.vip && !view.frame} frame={view.frame} />
        </div>
        <div className={styles.identity}>
          <h1 className={styles.name} data-testid="profile-username">
            {view.username ?? uid} {view.vip ? <span className={styles.vip}>VIP</span> : null}
          </h1>
          <div className={styles.badges}>
            {level ? (
              <Link
                to={own ? '/level' : '#'}
                title={`Level ${level.level}, ${level.expPercentage}% to the next`}
                data-testid="profile-level"
              >
                <LevelPill level={level.level} title={`Level ${level.level} · ${level.expPercentage}%`} />
              </Link>
            ) : null}
            {view.badges.map((b) => (
              <span key={b} className={styles.badge}>
                ✔ {b}
              </span>
            ))}
            <WornBadges badgeIds={view.wornBadges} size={18} />
          </div>
          <div className={styles.counts}>
            {(Object.keys(listLabels) as ListKind[]).map((kind) => (
              <button key={kind} className={styles.count} onClick={() => setList(kind)} data-testid={`open-${kind}`}>
                <strong data-testid={kind === 'followers' ? 'follower-count' : `${kind}-count`}>
                  {countOf(view, kind).toLocaleString()}
                </strong>{' '}
                {listLabels[kind]}
              </button>
            ))}
          </div>
        </div>
        <div className={styles.actions}>
          {own ? (
            <>
              <Link to="/edit-profile">
                <Button variant="secondary">Edit profile</Button>
              </Link>
              {/* Where a creator looks for it: the price lives in the settings. */}
              <Link to="/settings#subscription" data-testid="own-subscription-price">
                <Button variant="secondary">
                  {view.subscription.price === null
                    ? 'Offer a subscription'
                    : `Subscription · ${view.subscription.price.toLocaleString()} 💎`}
                </Button>
              </Link>
            </>
          ) : (
            <>
              <SubscribeButton view={view} />
              <Button
                data-testid="follow-button"
                variant={view.isFollowing ? 'secondary' : 'primary'}
                onClick={() => void setFollowing(uid, !view.isFollowing)}
              >
                {view.isFollowing ? 'Following' : 'Follow'}
              </Button>
              <Button
                variant="secondary"
                onClick={() => navigate(`/messages?with=${encodeURIComponent(uid)}`)}
                data-testid="message-button"
              >
                Message
              </Button>
              <Menu
                label="More"
                trigger={<Button variant="ghost">⋯</Button>}
                actions={[
                  { label: view.isBlocked ? 'Unblock' : 'Block', onSelect: () => void block() },
                  { label: 'Report', onSelect: () => setReporting(true) },
                ]}
              />
            </>
          )}
        </div>
      </section>

      <Tabs
        ariaLabel="Profile"
        items={[
          {
            value: 'profile',
            label: 'Profile',
            content: (
              <div className={styles.about}>
                {view.pinnedMessage ? <p className={styles.pinned}>📌 {view.pinnedMessage}</p> : null}
                <p>{view.bio || <span className={styles.dim}>No bio yet.</span>}</p>
                <h3>Gift wall</h3>
                {view.giftWall.length === 0 ? (
                  <p className={styles.dim}>No gifts received yet.</p>
                ) : (
                  <div className={styles.gifts}>
                    {view.giftWall.map((g) => (
                      <div
                        key={g.giftId}
                        className={styles.gift}
                        data-testid="wall-gift"
                        title={`${giftDisplayName(g.giftName)} ×${g.quantity}`}
                      >
                        <GiftIcon name={g.giftName} src={`/gifts/${g.giftName}.svg`} size={56} />
                        <strong>{giftDisplayName(g.giftName)}</strong>
                        <span className={styles.giftQty}>×{g.quantity.toLocaleString()}</span>
                      </div>
                    ))}
                  </div>
                )}
              </div>
            ),
          },
          { value: 'posts', label: 'Posts', content: <WallTab uid={uid} own={own} /> },
          { value: 'gallery', label: 'Gallery', content: <GalleryTab uid={uid} own={own} /> },
          { value: 'services', label: 'Services', content: <ServicesTab uid={uid} own={own} hostName={view.username ?? uid} /> },
          {
            value: 'subscriber',
            label: 'Subscriber feed',
            content:
              own || view.subscription.subscribedUntil ? (
                <>
                  {own ? <PriceForm view={view} /> : null}
                  <WallTab uid={uid} own={own} subscriberOnly />
                </>
              ) : (
                <LockedFeed view={view} />
              ),
          },
        ]}
      />

      <Dialog open={list !== null} onOpenChange={(o) => !o && setList(null)} title={list ? listLabels[list] : ''} size="md">
        {list ? <PeopleList kind={list} uid={uid} own={own} /> : null}
      </Dialog>
      <Dialog
        open={reporting}
        onOpenChange={setReporting}
        title="Report user"
        footer={
          <Button onClick={() => void report()} disabled={!reason.trim()}>
            Send report
          </Button>
        }
      >
        <textarea
          className={styles.textarea}
          value={reason}
          maxLength={120}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Reason"
        />
      </Dialog>
    </div>
  );
}
