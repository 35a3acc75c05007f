// One wall post: author, content, media (or its lock with the unlock price), like button, delete
// (own posts) and report (others').
import type { WallPost } from '@murmur/contracts/social';
import { useState } from 'react';
import { Avatar } from '../components/Avatar.tsx';
import { ReportDialog } from '../moderation/ReportDialog.tsx';
import { Button } from '../components/Button.tsx';
import styles from './social.module.css';

export function PostCard({ post, mine, onLike, onDelete, onUnlock }: { post: WallPost; mine: boolean; onLike(): void; onDelete?(): void; onUnlock?(): void }) {
  const [reporting, setReporting] = useState(false);
  const kind = post.mediaFormat?.split('/')[0];
  return (
    <article className={styles.post} data-testid={`post-${post.id}`}>
      <header className={styles.postHeader}>
        <Avatar name={post.authorUsername ?? post.authorUid} src={post.authorProfilePic} size={36} />
        <div>
          <strong>{post.authorUsername ?? post.authorUid}</strong>
          <div className={styles.dim}>{new Date(post.createdAt).toLocaleString()}</div>
        </div>
        {post.subscriberOnly ? <span className={styles.tag}>Subscribers</span> : null}
      </header>
      {post.content ? <p className={styles.postText}>{post.content}</p> : null}
      {post.mediaLocked ? (
        <div className={styles.locked}>
          <span aria-hidden>🔒</span> Private media
          {onUnlock ? (
            <Button size="sm" onClick={onUnlock}>
              Unlock for 💎 {post.unlockPrice}
            </Button>
          ) : null}
        </div>
      ) : post.mediaUrl ? (
        kind === 'video' ? (
          <video className={styles.media} src={post.mediaUrl} controls />
        ) : kind === 'audio' ? (
          <audio src={post.mediaUrl} controls />
        ) : (
          <img className={styles.media} src={post.mediaUrl} alt="" />
        )
      ) : null}
      <footer className={styles.postFooter}>
        <button className={`${styles.like} ${post.hasLiked ? styles.liked : ''}`} onClick={onLike} aria-pressed={post.hasLiked} data-testid="like-button">
          {post.hasLiked ? '♥' : '♡'} <span data-testid="like-count">{post.likeCount}</span>
        </button>
        {mine && onDelete ? (
          <Button variant="ghost" size="sm" onClick={onDelete}>
            Delete
          </Button>
        ) : null}
        {!mine ? (
          <Button variant="ghost" size="sm" onClick={() => setReporting(true)} data-testid="report-post">
            Report
          </Button>
        ) : null}
      </footer>
      <ReportDialog target={reporting ? { kind: 'post', postId: post.id } : null} preview={post.content || null} onClose={() => setReporting(false)} />
    </article>
  );
}
